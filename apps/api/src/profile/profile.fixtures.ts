/** Test images for the photo rules: JPEGs with a chosen background and an optional EXIF date. */
import jpeg from "jpeg-js";

/** A JPEG of `width` x `height` with a background colour and a dark "face" in the middle. */
export function portrait(
  background: [number, number, number] = [255, 255, 255],
  width = 120,
  height = 160,
): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const face = Math.abs(x - width / 2) < width / 4 && Math.abs(y - height / 2) < height / 3;
      const [r, g, b] = face ? [90, 60, 50] : background;
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      data[i + 3] = 255;
    }
  return jpeg.encode({ data, width, height }, 90).data;
}

/** Adds an EXIF APP1 segment with DateTimeOriginal right after the JPEG's SOI marker. */
export function withExifDate(image: Buffer, date: Date): Buffer {
  const pad = (n: number) => String(n).padStart(2, "0");
  const stamp = `${date.getUTCFullYear()}:${pad(date.getUTCMonth() + 1)}:${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}\0`;
  const tiff = Buffer.alloc(64);
  tiff.write("II", 0, "ascii");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8); // IFD0: one entry, the Exif IFD pointer
  tiff.writeUInt16LE(0x8769, 10);
  tiff.writeUInt16LE(4, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18);
  tiff.writeUInt32LE(0, 22);
  tiff.writeUInt16LE(1, 26); // Exif IFD: DateTimeOriginal
  tiff.writeUInt16LE(0x9003, 28);
  tiff.writeUInt16LE(2, 30);
  tiff.writeUInt32LE(20, 32);
  tiff.writeUInt32LE(44, 36);
  tiff.writeUInt32LE(0, 40);
  tiff.write(stamp, 44, "latin1");
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), header, body, image.subarray(2)]);
}
