/**
 * The screenshot rules of spec sections 5 and 9: up to 3 per ticket or message, each at most
 * 500 KB (judged while the bytes arrive: `screenshotTooLarge`), images by content (JPEG, PNG, WebP,
 * GIF), no file twice in one submission. Each is decoded and encoded again before it is stored
 * (storage/images.ts): no metadata, orientation applied, a pixel limit.
 */
import { KB, messageKey, supportLimits } from "@aprendo/contract";
import { AppError } from "../http/errors";
import type { Submission } from "../http/submission";
import { sha256Hex } from "../lib/hash";
import { cleanFileName } from "../storage/file-name";
import { cleanImage } from "../storage/images";
import { type ImageType, sniffImage } from "../storage/sniff";

export type CheckedImage = { fileName: string; data: Buffer; mimeType: ImageType; sha256: string };

const FIELD = "screenshots";

/** A screenshot over 500 KB: 413 with the file's name (refused while it arrives, see readSubmission). */
export function screenshotTooLarge(name: string | null): AppError {
  const max = supportLimits.ticketScreenshotMaxBytes / KB;
  const message = name
    ? messageKey("support.screenshotTooLarge", { name: cleanFileName(name, "screenshot"), max })
    : messageKey("support.screenshotsTooLarge", { max });
  return new AppError("payload_too_large", message, { fields: { [FIELD]: [message] } });
}

export async function checkScreenshots(submission: Submission): Promise<CheckedImage[]> {
  const max = supportLimits.ticketScreenshotsMax;
  if (submission.tooManyFiles || submission.files.length > max)
    throw AppError.field(FIELD, "support.screenshotsTooMany", { max });

  const errors: string[] = [];
  const seen = new Set<string>();
  const images: CheckedImage[] = [];
  for (const [index, file] of submission.files.entries()) {
    const fileName = cleanFileName(file.fileName, `screenshot-${index + 1}`);
    const mimeType = sniffImage(file.data);
    if (!mimeType) {
      errors.push(messageKey("support.screenshotType", { name: fileName }));
      continue;
    }
    // The same file twice is still the same once cleaned: the encoding is deterministic.
    const data = await cleanImage(file.data, mimeType, { field: FIELD });
    const sha256 = sha256Hex(data);
    if (seen.has(sha256)) {
      errors.push(messageKey("support.screenshotDuplicate", { name: fileName }));
      continue;
    }
    seen.add(sha256);
    images.push({ fileName, data, mimeType, sha256 });
  }
  if (errors.length > 0) throw new AppError("validation", errors[0], { fields: { [FIELD]: errors } });
  return images;
}
