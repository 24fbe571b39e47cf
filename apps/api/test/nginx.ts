import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

const site = path.resolve(import.meta.dirname, '../../../deploy/nginx/tarifa.conf');
/** Debian's nginx (in /usr/sbin, which a user's `PATH` may lack), or `NGINX_BIN`. */
const nginxBin =
  process.env.NGINX_BIN ?? (fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
/** The name the site answers to, in its certificate, its `Host` and its links. */
export const siteName = 'tarifa.example';

/** A free TCP port on 127.0.0.1 (free when asked: nginx takes it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The production site (`deploy/nginx/tarifa.conf`) made to run here: each literal below must be
 * found in it, so a change of the site that the test would no longer cover fails it.
 */
function localSite(
  site: string,
  to: { upstreams: string[]; http: number; https: number; dir: string },
) {
  const swaps: [string, string][] = [
    ['server 10.0.0.11:3000', `server ${to.upstreams[0]}`],
    ['server 10.0.0.12:3000', `server ${to.upstreams[1]}`],
    ['listen 80;', `listen 127.0.0.1:${to.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${to.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    [`/etc/letsencrypt/live/${siteName}/`, `${to.dir}/tls/`],
    ['/var/cache/nginx/tarifa', `${to.dir}/cache`],
  ];
  return swaps.reduce((text, [from, into]) => {
    if (!text.includes(from)) throw new Error(`deploy/nginx/tarifa.conf no longer has "${from}"`);
    return text.replaceAll(from, into);
  }, site);
}

/**
 * Debian's nginx on 127.0.0.1 with the production site in front of `upstreams` (`host:port`),
 * TLS from a certificate made for the test. `request` speaks HTTPS to it as a browser would (SNI
 * and `Host` the site's name, the certificate trusted); `stop` ends nginx and removes its folder.
 */
export async function startNginx(upstreams: string[]) {
  try {
    execFileSync(nginxBin, ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('nginx is not installed: apt-get install -y nginx (CONTRIBUTING.md)');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-nginx-'));
  fs.mkdirSync(path.join(dir, 'tls'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${siteName}`,
      '-addext',
      `subjectAltName=DNS:${siteName}`,
      '-keyout',
      path.join(dir, 'tls/privkey.pem'),
      '-out',
      path.join(dir, 'tls/fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  const ports = { http: await freePort(), https: await freePort() };
  fs.writeFileSync(
    path.join(dir, 'site.conf'),
    localSite(fs.readFileSync(site, 'utf8'), { upstreams, dir, ...ports }),
  );
  // What Debian's /etc/nginx/nginx.conf gives a site, with every file of nginx's own in `dir`.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const nginx = spawn(
    nginxBin,
    [
      '-p',
      dir,
      '-c',
      path.join(dir, 'nginx.conf'),
      '-e',
      path.join(dir, 'error.log'),
      '-g',
      'daemon off;',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  nginx.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<number | null>((resolve) => nginx.on('exit', resolve));
  const ca = fs.readFileSync(path.join(dir, 'tls/fullchain.pem'));
  const agent = new https.Agent({ keepAlive: true, ca, servername: siteName });

  /** One HTTPS request through nginx (or plain HTTP to its port 80 with `plain`). */
  async function request(
    method: string,
    url: string,
    {
      body,
      headers = {},
      plain = false,
    }: { body?: unknown; headers?: Record<string, string>; plain?: boolean } = {},
  ) {
    const payload =
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const { request: send } = plain ? await import('node:http') : https;
    return new Promise<{
      status: number;
      headers: Record<string, string | string[] | undefined>;
      text: string;
      json: () => Record<string, unknown>;
    }>((resolve, reject) => {
      const req = send(
        {
          host: '127.0.0.1',
          port: plain ? ports.http : ports.https,
          method,
          path: url,
          ...(plain ? {} : { agent }),
          headers: {
            host: siteName,
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              text,
              json: () => JSON.parse(text),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  // Ready when it answers on its HTTPS port (or failed: its error says why).
  await vi.waitUntil(
    async () => {
      if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${errors}${readLog(dir)}`);
      return request('GET', '/api/health').then(
        () => true,
        () => false,
      );
    },
    { timeout: 15_000, interval: 100 },
  );

  return {
    request,
    /** What nginx wrote to its error log. */
    errorLog: () => readLog(dir),
    async stop() {
      agent.destroy();
      nginx.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readLog = (dir: string) => {
  const file = path.join(dir, 'error.log');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
};
