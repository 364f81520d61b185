import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.js';
import { createDb, migrateLatest, withStartupLock } from '../db.js';
import { createLogger } from '../logger.js';
import { AdministratorRepository } from '../repositories/administrator.repository.js';
import { AdminAuthService } from '../services/admin-auth.service.js';
import { passwordProblem } from '../domain/password-strength.js';
import { adminCommand } from '../lib/paths.js';
import { CliExit, runCli } from './run-cli.js';

const usage = `Kullanım / usage:
  ${adminCommand} create <e-posta> [şifre]          yeni yönetici / new administrator
  ${adminCommand} reset-password <e-posta> [şifre]  şifre sıfırla / reset a password
Şifre verilmezse rastgele bir şifre üretilir ve bir kez gösterilir.
Without a password a random one is generated and printed once.`;

runCli(async (cli) => {
  const [command, email, given] = cli.args;
  if ((command !== 'create' && command !== 'reset-password') || !email) throw new CliExit(64, usage);
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new CliExit(65, `Geçersiz e-posta adresi / not an e-mail address: ${email}`);
  const password = given ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(password, email);
  if (problem) throw new CliExit(65, `${problem} / password refused (too short or too common)`);
  // loadConfig, not cli.config(): a bad configuration has always ended this tool with 1, not 78.
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
  } finally {
    await db.destroy();
  }
});
