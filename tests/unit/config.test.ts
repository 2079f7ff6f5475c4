// Configuration from the environment: safe defaults, and the debug mode only outside production.
import { describe, expect, it } from 'vitest';
import { MODULE_CODES } from '../../definitions/language/index.ts';
import { configFromEnv } from '../../server/config.ts';

describe('configuration', () => {
  it('binds to loopback on port 3000 with the base and demo packs by default', () => {
    expect(configFromEnv({})).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      packs: ['base', 'demo'],
      debugPermissions: false,
    });
  });
  it('runs the embedded PostgreSQL below the ports outgoing connections take (Linux 32768 and up), and refuses a port that is none', () => {
    expect(configFromEnv({}).embeddedPgPort).toBeLessThan(32768);
    expect(configFromEnv({ EMBEDDED_PG_PORT: '15433' }).embeddedPgPort).toBe(15433);
    for (const port of ['abc', '0', '65536', '5432.5'])
      expect(() => configFromEnv({ EMBEDDED_PG_PORT: port }), port).toThrow(/EMBEDDED_PG_PORT/);
  });
  it('allows the permissions debug mode only when asked and never in production', () => {
    expect(configFromEnv({ DEBUG_PERMISSIONS: '1' }).debugPermissions).toBe(true);
    expect(() => configFromEnv({ DEBUG_PERMISSIONS: '1', NODE_ENV: 'production' })).toThrow(
      /refused when NODE_ENV=production/,
    );
  });
  it('opens every module without a licence only outside production: a production installation has the modules of its licence', () => {
    expect(configFromEnv({}).licenceModules).toEqual(MODULE_CODES);
    expect(configFromEnv({ NODE_ENV: 'production' }).licenceModules).toEqual([]);
    expect(() => configFromEnv({ NODE_ENV: 'production', LICENCE_MODULES: 'all' })).toThrow(
      /LICENCE_MODULES=all is refused when NODE_ENV=production/,
    );
    expect(configFromEnv({ NODE_ENV: 'production', LICENCE_MODULES: 'import' }).licenceModules).toEqual(['import']);
    expect(configFromEnv({ LICENCE_MODULES: 'none' }).licenceModules).toEqual([]);
    expect(() => configFromEnv({ LICENCE_MODULES: 'orders,everything' })).toThrow(/unknown modules: everything/);
  });
  it('keeps each user to 1000 unclaimed uploads of 2048 MB by default, and refuses a quota that is none', () => {
    expect(configFromEnv({}).uploadQuota).toEqual({ files: 1000, bytes: 2048 * 1024 * 1024 });
    expect(configFromEnv({ UPLOAD_QUOTA_FILES: '50', UPLOAD_QUOTA_MB: '100' }).uploadQuota).toEqual({
      files: 50,
      bytes: 100 * 1024 * 1024,
    });
    for (const [name, value] of [
      ['UPLOAD_QUOTA_FILES', '0'],
      ['UPLOAD_QUOTA_MB', 'veel'],
    ])
      expect(() => configFromEnv({ [name]: value }), name).toThrow(new RegExp(name));
  });
});
