import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.js';
import { createDb, migrateLatest, withStartupLock } from '../db.js';
import { createLogger } from '../logger.js';
import { AdministratorRepository } from '../repositories/administrator.repository.js';
import { AdminAuthService } from '../services/admin-auth.service.js';
import { passwordProblem } from '../validation/password.validation.js';

const usage = `Kullanım / usage:
  npm run admin -- create <e-posta> [şifre]          yeni yönetici / new administrator
  npm run admin -- reset-password <e-posta> [şifre]  şifre sıfırla / reset a password
Şifre verilmezse rastgele bir şifre üretilir ve bir kez gösterilir.
Without a password a random one is generated and printed once.`;

async function run(args: string[]): Promise<number> {
  const [command, email, given] = args;
  if ((command !== 'create' && command !== 'reset-password') || !email) {
    process.stderr.write(`${usage}\n`);
    return 64;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
    process.stderr.write(`Geçersiz e-posta adresi / not an e-mail address: ${email}\n`);
    return 65;
  }
  const password = given ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(password, email);
  if (problem) {
    process.stderr.write(`${problem} / password refused (too short or too common)\n`);
    return 65;
  }
  const config = loadConfig();
  const db = createDb(config);
  try {
    await withStartupLock(db, () => migrateLatest(db));
    const auth = new AdminAuthService(new AdministratorRepository(db), () => new Date(), createLogger('warn'));
    if (command === 'create') await auth.createAdministrator(email, password);
    else await auth.resetPassword(email, password);
    process.stdout.write(
      `${command === 'create' ? 'Yönetici oluşturuldu' : 'Şifre güncellendi'}: ${email.toLowerCase()}\n` +
        (given ? '' : `Şifre: ${password}\n`),
    );
    return 0;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code));
