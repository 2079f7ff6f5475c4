// The licence rules of spec 1 §5/§9 and spec 3 §6/§9 as pure functions, and the signature check
// of activation codes.
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canCopy,
  joinProductCode,
  MODULE_CODES,
  readPastedLicence,
  splitProductCode,
} from '../../definitions/language/index.ts';
import { issueActivation, LicenceRefused, publicKeyOf, verifyActivation } from '../../server/security/licence.ts';

const KEYS = path.resolve(import.meta.dirname, '..', 'licence');
const CODE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE33 = `${CODE32}A`;

describe('product code segments', () => {
  it('splits 32 characters 10/5/10/7 and 33 characters 10/6/10/7, and joins them with dashes', () => {
    expect(splitProductCode(CODE32).map((s) => s.length)).toEqual([10, 5, 10, 7]);
    expect(splitProductCode(CODE33).map((s) => s.length)).toEqual([10, 6, 10, 7]);
    expect(joinProductCode(splitProductCode(CODE32))).toBe('ABCDEFGHJK-LMNPQ-RSTUVWXYZ2-3456789');
    expect(splitProductCode('ABCDEFGHJK-LMNPQ-RSTUVWXYZ2-3456789').join('')).toBe(CODE32);
  });
  it('offers Copy above 31 characters', () => {
    expect(canCopy(splitProductCode(CODE32))).toBe(true);
    expect(canCopy(['ABCDEFGHJK', 'LMNPQ', 'RSTUVWXYZ2', '345678'])).toBe(false);
  });
});

describe('pasted licence text', () => {
  const lines = `Licentienaam: Acme\nProductcode: ABCDEFGHJK-LMNPQ-RSTUVWXYZ2-3456789\nActiveringscode: abc.def`;
  it('reads three or four labelled lines: name, product code without dashes, activation code', () => {
    expect(readPastedLicence(lines)).toEqual({ licenseName: 'Acme', productCode: CODE32, activationCode: 'abc.def' });
    expect(readPastedLicence(`${lines}\nGeldig tot: 2027-12-31`)).toEqual({
      licenseName: 'Acme',
      productCode: CODE32,
      activationCode: 'abc.def',
    });
    expect(readPastedLicence(lines.replace(/\n/g, '\r\n'))?.productCode).toBe(CODE32);
  });
  it('reads one line with exactly three dashes as a product code, Unicode dashes too', () => {
    expect(readPastedLicence('ABCDEFGHJK-LMNPQ-RSTUVWXYZ2-3456789')).toEqual({ productCode: CODE32 });
    expect(readPastedLicence('ABCDEFGHJK\u2013LMNPQ\u2014RSTUVWXYZ2\u22123456789')).toEqual({ productCode: CODE32 });
  });
  it.each([
    ['empty', ''],
    ['only dashes', '---'],
    ['two dashes', 'ABC-DEF-GHI'],
    ['four dashes', 'A-B-C-D-E'],
    ['a segment too long', 'ABCDEFGHJKL-A-B-C'],
    ['two lines', 'Licentienaam: Acme\nProductcode: X'],
    ['five lines', `${lines}\na: b\nc: d`],
    ['a line without a label', 'Acme\nProductcode: X\nActiveringscode: Y'],
    ['a product code of the wrong length', 'Licentienaam: Acme\nProductcode: ABC\nActiveringscode: Y'],
    ['10,000 lines', 'a: b\n'.repeat(10_000)],
  ])('cannot read %s', (_what, text) => {
    expect(readPastedLicence(text)).toBeNull();
  });
});

describe('activation codes', () => {
  const privateKey = path.join(KEYS, 'dev-private.pem');
  const key = publicKeyOf(readFileSync(path.join(KEYS, 'dev-public.pem'), 'utf8'));
  const terms = { name: 'Acme', productCode: CODE32, modules: ['orders', 'import'] as const, expires: '2030-01-01' };
  const code = issueActivation(privateKey, { ...terms, modules: [...terms.modules] });
  const refused = (f: () => unknown) => {
    try {
      f();
      return null;
    } catch (err) {
      return err instanceof LicenceRefused ? err.problem : undefined;
    }
  };

  it('verifies a code signed for this product code and name', () => {
    expect(verifyActivation(code, key, { productCode: CODE32, name: 'Acme' }, new Date('2029-06-01'))).toEqual({
      ...terms,
      modules: ['import', 'orders'],
    });
  });
  it('refuses another product code or name, an expired code, a changed module list, another key, no key', () => {
    expect(refused(() => verifyActivation(code, key, { productCode: CODE33, name: 'Acme' }))).toBe('other_product');
    expect(refused(() => verifyActivation(code, key, { productCode: CODE32, name: 'Ander' }))).toBe('other_name');
    expect(
      refused(() => verifyActivation(code, key, { productCode: CODE32, name: 'Acme' }, new Date('2030-01-02'))),
    ).toBe('expired');
    const [payload, signature] = code.split('.');
    const more = Buffer.from(
      Buffer.from(payload, 'base64url')
        .toString()
        .replace('"import"', `"${MODULE_CODES.join('","')}"`),
    ).toString('base64url');
    expect(refused(() => verifyActivation(`${more}.${signature}`, key, { productCode: CODE32, name: 'Acme' }))).toBe(
      'forged',
    );
    const stranger = generateKeyPairSync('ed25519').publicKey;
    expect(refused(() => verifyActivation(code, stranger, { productCode: CODE32, name: 'Acme' }))).toBe('forged');
    expect(refused(() => verifyActivation(code, null, { productCode: CODE32, name: 'Acme' }))).toBe('no_key');
    expect(refused(() => verifyActivation('geen.code.hier', key, { productCode: CODE32, name: 'Acme' }))).toBe(
      'malformed',
    );
  });
});

describe('modules in the definitions', () => {
  it('the JSON Schema knows exactly the modules of spec 3 §6', () => {
    const schema = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '..', '..', 'definitions', 'language', 'schema', 'table.schema.json'),
        'utf8',
      ),
    );
    expect(schema.$defs.module.enum).toEqual(MODULE_CODES);
    expect(MODULE_CODES).toHaveLength(14);
  });
});
