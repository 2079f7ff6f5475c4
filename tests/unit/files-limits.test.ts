// What one upload may hold (spec 3 section 9), checked before sending: at most 1,000 loose files
// of 10 MB each, or one zip of at most 1,024 MB; and sizes as people read them.
import { describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, uploadProblem } from '../../runtime/files/limits.ts';
import { formatSize } from '../../runtime/files/messages.ts';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('uploadProblem', () => {
  it("holds the spec's limits", () => {
    expect(UPLOAD_LIMITS).toEqual({ files: 1000, fileBytes: 10 * MB, zipBytes: 1024 * MB });
  });
  it('takes up to 1,000 files of up to 10 MB', () => {
    expect(uploadProblem([file('a.pdf', 10 * MB), file('b.png', 1)])).toBeNull();
    expect(uploadProblem(Array.from({ length: 1000 }, (_, i) => file(`${i}.txt`, 1)))).toBeNull();
    expect(uploadProblem(Array.from({ length: 1001 }, (_, i) => file(`${i}.txt`, 1)))).toEqual({
      kind: 'too_many',
      max: 1000,
    });
  });
  it('refuses a loose file above 10 MB, naming it', () => {
    expect(uploadProblem([file('groot.pdf', 10 * MB + 1)])).toEqual({
      kind: 'too_large',
      name: 'groot.pdf',
      megabytes: 10,
    });
  });
  it('takes one zip up to 1,024 MB alone, not beside other files', () => {
    expect(uploadProblem([file('archief.zip', 500 * MB)])).toBeNull();
    expect(uploadProblem([file('archief', 500 * MB, 'application/zip')])).toBeNull();
    expect(uploadProblem([file('archief.zip', 500 * MB), file('a.txt', 1)])).toEqual({
      kind: 'zip_alone',
      megabytes: 10,
    });
    expect(uploadProblem([file('archief.zip', 1024 * MB + 1)])).toEqual({
      kind: 'too_large',
      name: 'archief.zip',
      megabytes: 1024,
    });
  });
  it('needs at least one file', () => {
    expect(uploadProblem([])).toEqual({ kind: 'none' });
  });
});

describe('formatSize', () => {
  it("says bytes, kilobytes and megabytes in the page's language", () => {
    expect(formatSize(512, 'nl')).toBe('512 B');
    expect(formatSize(12_595, 'nl')).toBe('12,3 kB');
    expect(formatSize(4.5 * MB, 'en')).toBe('4.5 MB');
  });
});
