import { createApp } from './app';
import { serveApp } from './http-server';
import { endEventStreams } from './routes/sync';
import { startAuthMaintenance } from './auth/maintenance';
import { storedSessionSecret } from './auth/session-secret';
import { startBankLinkSync } from './jobs/bank-link-sync';
import { startRenewalReminders } from './jobs/renewal-reminders';
import { startSyncMaintenance } from './sync/retention';
import { startDeclarationReminders } from './jobs/declaration-reminders';
import { startDeadlineReminders } from './jobs/deadline-reminders';
import { startSubscriptionCharges } from './jobs/subscription-charges';
import { startWithdrawalResolver } from './jobs/withdrawal-resolver';
import { createPaymentsProvider } from './providers/payments/create-payments-provider';
import { createBankingProvider } from './providers/banking/create-banking-provider';
import { openDatabase } from './db/client';
import { EnvError, parseEnv } from './env';
import { logError } from './lib/log-error';
import { createBankLinkingProvider } from './providers/bank-linking/create-bank-linking-provider';
import { createMailer } from './providers/mail/create-mailer';
import { createStorage } from './providers/storage/create-storage';
import { startStorageSweeper } from './providers/storage/orphan-sweeper';
import { prepareAccounts } from './seed';

/** Starts Alta: environment, database and migrations, mail, the HTTP server, graceful shutdown. */
async function main() {
  const env = parseEnv(process.env, (dataDir) => {
    const { secret, file, created } = storedSessionSecret(dataDir);
    console.log(
      `SESSION_SECRET is not set: sessions are signed with the random secret ${created ? 'just made and kept' : 'kept'} in ${file} (set SESSION_SECRET to choose one)`,
    );
    return secret;
  });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const mailer = createMailer(env);
  const now = () => new Date();
  // One provider for the routes and the scheduled sync.
  const bankLinking = createBankLinkingProvider({ env, database, now });
  const deps = { env, database, mailer, now, bankLinking };
  const storage = createStorage(env, deps.now);
  await prepareAccounts(deps, console.log, storage);
  const stopAuthMaintenance = startAuthMaintenance(deps);
  const stopSyncMaintenance = startSyncMaintenance(database.db, deps.now);
  const stopDeclarationReminders = startDeclarationReminders(deps);
  const stopRenewalReminders = startRenewalReminders(deps);
  const stopDeadlineReminders = startDeadlineReminders(deps);
  const stopBankLinkSync = startBankLinkSync({ db: database.db, provider: bankLinking, now });
  const stopSubscriptionCharges = startSubscriptionCharges(deps, createPaymentsProvider(deps));
  const stopWithdrawalResolver = startWithdrawalResolver({ db: database.db, provider: createBankingProvider(deps), now });
  const storageSweeper = startStorageSweeper(database, storage, deps.now);
  const app = createApp(deps);

  const server = serveApp(app, { port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(`Alta is running at ${env.APP_URL} (listening on ${info.address}:${info.port}, database: ${database.dialect})`);
  });
  // An idle connection stays open longer than the clients and proxies in front keep theirs (60 s
  // is the usual): Node's 5 s default closed sockets that a client was reusing at that moment,
  // and the client got ECONNRESET.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: finishing open requests, then closing the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Event streams never finish by themselves: end them, or closing would wait for the force.
    void endEventStreams();
    const closeAll = async () => {
      stopAuthMaintenance();
      stopSyncMaintenance();
      stopDeclarationReminders();
      stopRenewalReminders();
      stopDeadlineReminders();
      stopBankLinkSync();
      stopSubscriptionCharges();
      stopWithdrawalResolver();
      await storageSweeper.stop();
      await database.close();
    };
    // A failed close is said and ends the process with an error, not as an unhandled rejection.
    server.close(() => {
      closeAll().then(
        () => process.exit(0),
        (error: unknown) => {
          logError('shutdown failed', {}, error);
          process.exit(1);
        },
      );
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
