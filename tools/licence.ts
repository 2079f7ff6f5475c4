// The vendor's licence tool.
//   npm run licence -- issue --name <licence name> --product-code <code> --modules <a,b|all> --expires <YYYY-MM-DD>
//     prints the text a customer pastes into the licence page; signs with the private key in
//     LICENCE_SIGNING_KEY (PEM text or a file). The vendor's private key never enters the repository.
//   npm run licence -- keys
//     makes a new Ed25519 key pair: the private key (keep it with the vendor) and the public key
//     (configure it as LICENCE_PUBLIC_KEY on the installations).
import { generateKeyPairSync } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isModule, MODULE_CODES, type ModuleCode } from '../definitions/language/index.ts';
import { issueActivation } from '../server/security/licence.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'keys') {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  process.stdout.write(
    `${privateKey.export({ type: 'pkcs8', format: 'pem' })}${publicKey.export({ type: 'spki', format: 'pem' })}`,
  );
} else if (command === 'issue') {
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      'product-code': { type: 'string' },
      modules: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  const key = process.env.LICENCE_SIGNING_KEY;
  if (!key) fail("LICENCE_SIGNING_KEY is not set: the vendor's private key (PEM text or a file)");
  const name = values.name?.trim();
  const productCode = values['product-code']?.replace(/[\s-]/g, '');
  const expires = values.expires;
  if (!name) fail('--name: the licence name is needed');
  if (!productCode || !/^[A-Z0-9]{32,33}$/.test(productCode))
    fail("--product-code: the installation's product code (32 or 33 characters, dashes allowed)");
  if (!expires || !/^\d{4}-\d{2}-\d{2}$/.test(expires)) fail("--expires: the licence's last day as YYYY-MM-DD");
  const names =
    !values.modules || values.modules === 'all'
      ? [...MODULE_CODES]
      : values.modules
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean);
  const unknown = names.filter((m) => !isModule(m));
  if (unknown.length) fail(`--modules: unknown ${unknown.join(', ')} (known: ${MODULE_CODES.join(', ')})`);
  const code = issueActivation(key, { name, productCode, modules: names as ModuleCode[], expires });
  process.stdout.write(`Licentienaam: ${name}\nProductcode: ${productCode}\nActiveringscode: ${code}\n`);
} else {
  fail('usage: npm run licence -- issue --name … --product-code … --modules … --expires … | keys');
}
