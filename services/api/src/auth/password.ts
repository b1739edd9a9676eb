import bcrypt from 'bcryptjs';

const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function checkPassword(password: string, hash: string | null): Promise<boolean> {
  // Compare against a fixed hash when the account has none, so timing does not tell.
  return bcrypt.compare(
    password,
    hash ?? '$2b$10$CwTycUXWue0Thq9StjUM0uJ8.d0iY2WjT9N4P3dYJqG9bH2Q1lXyW',
  );
}
