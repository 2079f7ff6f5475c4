// Passwords are stored only as argon2id hashes.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A random password for the first administrator when ADMIN_PASSWORD is not given. */
export const generatePassword = () => randomBytes(15).toString('base64url');
