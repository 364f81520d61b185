/**
 * The container's HEALTHCHECK: asks /healthz at the address the server listens on. HOST may
 * be a wildcard (any local address answers), a name, or an IPv4 or IPv6 address such as ::1.
 * Exit 0 when healthy, 1 otherwise.
 */
const WILDCARDS: Record<string, string> = { '': '127.0.0.1', '0.0.0.0': '127.0.0.1', '::': '::1' };

export function healthUrl(env: NodeJS.ProcessEnv): string {
  const host = env.HOST?.trim() ?? '';
  const address = WILDCARDS[host] ?? host;
  const hostPart = address.includes(':') ? `[${address}]` : address;
  return `http://${hostPart}:${env.PORT?.trim() || '3000'}/healthz`;
}

if (/healthcheck\.[jt]s$/.test(process.argv[1] ?? '')) {
  fetch(healthUrl(process.env), { signal: AbortSignal.timeout(4000) }).then(
    (res) => process.exit(res.ok ? 0 : 1),
    () => process.exit(1),
  );
}
