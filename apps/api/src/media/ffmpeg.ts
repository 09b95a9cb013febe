/**
 * Where the ffmpeg that transcodes lectures to HLS is. In this order:
 * FFMPEG_PATH (`none` turns transcoding off), the binary npm installed with `@ffmpeg-installer/ffmpeg`
 * (its per-platform package carries a static build, so `npm install` is enough), then `ffmpeg` on
 * PATH (Debian's `apt-get install ffmpeg`). With none of them, uploads stay MP4 only and the
 * lecture editor says why (`reason`).
 */
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import { access, chmod } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

export type FfmpegLookup =
  | { found: true; path: string; source: "FFMPEG_PATH" | "npm" | "PATH"; version: string }
  | { found: false; reason: string };

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The npm package's binary. npm runs no install script here, and the package's own `postinstall`
 * is only a `chmod u+x`: the tarball already marks the file executable, but a copy that lost the
 * bit (an archive, a volume) gets it back at first use rather than failing.
 */
async function npmBinary(): Promise<string | null> {
  const require = createRequire(import.meta.url);
  const name = `@ffmpeg-installer/${process.platform}-${process.arch}`;
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
  const file = path.join(dir, process.platform === "win32" ? "ffmpeg.exe" : "ffmpeg");
  if (await executable(file)) return file;
  try {
    await chmod(file, 0o755);
  } catch {
    return null;
  }
  return (await executable(file)) ? file : null;
}

async function onPath(): Promise<string | null> {
  const names = process.platform === "win32" ? ["ffmpeg.exe"] : ["ffmpeg"];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean))
    for (const name of names) {
      const file = path.join(dir, name);
      if (await executable(file)) return file;
    }
  return null;
}

/** `ffmpeg -version`'s first line, or null when the file does not run (a binary for another CPU). */
function versionOf(file: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(file, ["-hide_banner", "-version"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", () => resolve(null));
    child.on("close", (code) => resolve(code === 0 ? (out.split("\n")[0] ?? "ffmpeg").trim() : null));
  });
}

async function lookUp(setting: string | undefined): Promise<FfmpegLookup> {
  if (setting === "none") return { found: false, reason: "FFMPEG_PATH=none turns transcoding off" };
  const candidates: Array<{ path: string | null; source: "FFMPEG_PATH" | "npm" | "PATH" }> = setting
    ? [{ path: setting, source: "FFMPEG_PATH" }]
    : [
        { path: await npmBinary(), source: "npm" },
        { path: await onPath(), source: "PATH" },
      ];
  for (const candidate of candidates) {
    if (!candidate.path) continue;
    const version = await versionOf(candidate.path);
    if (version) return { found: true, path: candidate.path, source: candidate.source, version };
  }
  return {
    found: false,
    reason: setting
      ? `FFMPEG_PATH (${setting}) does not run ffmpeg`
      : "no ffmpeg: neither the @ffmpeg-installer package for this platform nor ffmpeg on PATH",
  };
}

const lookups = new Map<string, Promise<FfmpegLookup>>();

/** Looked up once per setting and process: the answer does not change while the node runs. */
export function findFfmpeg(setting: string | undefined): Promise<FfmpegLookup> {
  const key = setting ?? "";
  let lookup = lookups.get(key);
  if (!lookup) {
    lookup = lookUp(setting);
    lookups.set(key, lookup);
  }
  return lookup;
}
