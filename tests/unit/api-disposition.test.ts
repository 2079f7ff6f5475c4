// The name a download is saved under comes from Content-Disposition (RFC 6266): filename* in
// UTF-8 wins over the ASCII filename the server gives old clients; nothing that is a path survives.
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../runtime/api/disposition.ts';

describe('fileNameOf', () => {
  it('reads a plain, quoted file name', () => {
    expect(fileNameOf('attachment; filename="pasfoto.png"')).toBe('pasfoto.png');
    expect(fileNameOf('attachment; filename=export.xlsx')).toBe('export.xlsx');
  });

  it('prefers filename* (UTF-8, percent-encoded), as the server sends non-ASCII names', () => {
    const name = 'Offerte café – €5 definitief.pdf';
    const header = `attachment; filename="Offerte cafe _ _5 definitief.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`;
    expect(fileNameOf(header)).toBe(name);
  });

  it('reads ISO-8859-1 extended names and falls back on the plain name when filename* is broken', () => {
    expect(fileNameOf("attachment; filename*=iso-8859-1'nl'caf%E9.txt")).toBe('café.txt');
    expect(fileNameOf('attachment; filename="plain.txt"; filename*=UTF-8\'\'%E0%A4%A')).toBe('plain.txt');
  });

  it('keeps semicolons and escaped quotes inside quotes', () => {
    expect(fileNameOf('attachment; filename="a; b \\"c\\".txt"')).toBe('a; b "c".txt');
  });

  it('takes path separators and control characters out', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameOf("attachment; filename*=UTF-8''a%0Ab%5Cc.txt")).toBe('ab_c.txt');
    expect(fileNameOf('attachment; filename=".."')).toBeNull();
  });

  it('answers null without a name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
