/** Password hashing: Argon2id with the parameters of ARCHITECTURE.md section 6 (m=19 MiB, t=2, p=1). */
import { hash, verify } from "@node-rs/argon2";

// 2 = Argon2id (the package exports it as an ambient const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password: verifying against it costs as much as a real check, so timing never tells whether an account exists. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash(crypto.randomUUID(), options);
  return decoy;
}
