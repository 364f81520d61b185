import { randomBytes } from 'node:crypto';
import { loadConfig } from '../config.js';
import { createDb, migrateLatest } from '../db.js';
import { createLogger } from '../logger.js';
import { AdministratorRepository } from '../repositories/administrator.repository.js';
import { withStartupLock } from '../repositories/dialect.js';
import { AdminAuthService } from '../services/admin-auth.service.js';
import { SecondFactorService } from '../services/second-factor.service.js';
import { isAdminRole, type AdminRoleName } from '../domain/admin-role.js';
import { passwordProblem } from '../domain/password-strength.js';
import { adminCommand } from '../lib/paths.js';
import { CliExit, runCli } from './run-cli.js';

const usage = `Kullanım / usage:
  ${adminCommand} create <e-posta> [şifre]          yeni yönetici (sahip) / new administrator (sahip, the owner)
  ${adminCommand} reset-password <e-posta> [şifre]  şifre sıfırla / reset a password
  ${adminCommand} disable-2fa <e-posta>             iki adımlı doğrulamayı kapat / turn the second factor off
  ${adminCommand} role <e-posta> <sahip|yonetici|editor>  rolü değiştir / set the role
Şifre verilmezse rastgele bir şifre üretilir ve bir kez gösterilir.
Without a password a random one is generated and printed once.`;

/** A lost phone: the second factor off, so the password alone signs in again (docs/product.md, Administrator). */
async function disableSecondFactor(email: string): Promise<void> {
  const config = loadConfig();
  const db = createDb(config);
  try {
    await withStartupLock(db, () => migrateLatest(db));
    const administrators = new AdministratorRepository(db);
    const auth = new AdminAuthService(administrators, () => new Date(), createLogger('warn'));
    const secondFactor = new SecondFactorService(administrators, auth, config.sessionSecret, Date.now);
    if (!(await secondFactor.disableByEmail(email))) throw new Error(`No administrator with e-mail ${email}`);
    process.stdout.write(`İki adımlı doğrulama kapatıldı / second factor turned off: ${email.toLowerCase()}\n`);
  } finally {
    await db.destroy();
  }
}

/** A new role (docs/product.md, Administrators and roles); the last `sahip` is never demoted. */
async function setRole(email: string, role: AdminRoleName): Promise<void> {
  const config = loadConfig();
  const db = createDb(config);
  try {
    await withStartupLock(db, () => migrateLatest(db));
    const auth = new AdminAuthService(new AdministratorRepository(db), () => new Date(), createLogger('warn'));
    const outcome = await auth.setRole(email, role);
    if (outcome === 'unknown') throw new CliExit(65, `Böyle bir yönetici yok / no administrator with e-mail ${email}`);
    if (outcome === 'last-owner') {
      throw new CliExit(
        65,
        `Son sahip rolü değiştirilemez; önce başka bir yöneticiyi sahip yapın / ` +
          `the last sahip cannot be demoted; make another administrator sahip first: ${email.toLowerCase()}`,
      );
    }
    process.stdout.write(`Rol güncellendi / role set: ${email.toLowerCase()} ${role}\n`);
  } finally {
    await db.destroy();
  }
}

const COMMANDS = new Set(['create', 'reset-password', 'disable-2fa', 'role']);

runCli(async (cli) => {
  const [command, email, given] = cli.args;
  if (!command || !COMMANDS.has(command) || !email) throw new CliExit(64, usage);
  if (!/^[^\s@]+@[^\s@]+$/.test(email))
    throw new CliExit(65, `Geçersiz e-posta adresi / not an e-mail address: ${email}`);
  if (command === 'disable-2fa') {
    await disableSecondFactor(email);
    return;
  }
  if (command === 'role') {
    if (!isAdminRole(given)) throw new CliExit(64, usage);
    await setRole(email, given);
    return;
  }
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
