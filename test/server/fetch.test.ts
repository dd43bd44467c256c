/** Source downloads (uploads and post[source]) and the guard against requests to non-public addresses. */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, Fetcher, isForbiddenAddress } from '../../src/server/fetch.ts';
import type { TestServer } from './helpers.ts';
import { PNG, get, makeServer, send, upload } from './helpers.ts';

describe('address guard', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::', 'fe80::1%eth0', 'not-an-ip',
  ])('refuses %s', (addr) => {
    expect(isForbiddenAddress(addr)).toBe(true);
  });
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('allows %s', (addr) => {
    expect(isForbiddenAddress(addr)).toBe(false);
  });
  it('checks literal hosts, resolved names, schemes and credentials before fetching', async () => {
    const f = new Fetcher();
    try {
      for (const url of ['http://127.0.0.1/x', 'http://[::1]/x', 'http://localhost/x', 'ftp://example.com/x', 'file:///etc/passwd', 'http://user:pw@example.com/', 'http://10.0.0.1/']) {
        await expect(f.check(new URL(url)), url).rejects.toBeInstanceOf(FetchError);
      }
      await expect(f.download('not a url')).rejects.toBeInstanceOf(FetchError);
    } finally {
      await f.close();
    }
  });
});

describe('downloads from a local server', () => {
  let origin: Server;
  let base: string;
  const hits: string[] = [];
  let guarded: TestServer;
  let allowed: TestServer;
  beforeAll(async () => {
    origin = createServer((req, res) => {
      hits.push(req.url ?? '');
      const path = (req.url ?? '').split('?', 1)[0];
      if (path === '/image.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      else if (path === '/text.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      else if (path === '/big.png') res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(4096)]));
      else if (path === '/redirect') res.writeHead(302, { location: '/image.png' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    guarded = await makeServer('A');
    allowed = await makeServer('A', { db: guarded.db, allowFetch: ['127.0.0.1'], maxUploadBytes: 1024 });
  });
  afterAll(async () => {
    await allowed.close();
    await guarded.close();
    await new Promise((r) => origin.close(r));
  });

  const uploadSource = (s: TestServer, url: string) =>
    send(s, 'post', '/uploads.json', 'member', { 'upload[source]': url, 'upload[rating]': 'safe', 'upload[tag_string]': 'fetched' });

  it('refuses loopback sources unless the host is allow-listed, and writes nothing', async () => {
    const before = hits.length;
    const res = await uploadSource(guarded, `${base}/image.png`);
    expect(res.status).toBe(424);
    expect(res.body.reason).toContain('upload[source]');
    expect(hits.length).toBe(before);
    expect((await get(guarded, '/uploads.json', 'member', { 'search[source]': `${base}/image.png` })).body).toEqual([]);
  });

  it('downloads an allow-listed source and converts the upload into a post', async () => {
    const res = await uploadSource(allowed, `${base}/image.png`);
    expect(res.status).toBe(200);
    expect(hits).toContain('/image.png');
    const post = (await get(allowed, `/posts/${res.body.post_id}.json`)).body;
    expect(post).toMatchObject({ tag_string: 'fetched', source: `${base}/image.png`, file_ext: 'png', image_width: 4 });
    const redirected = await uploadSource(allowed, `${base}/redirect`);
    expect(redirected.status).toBe(200);
  });

  it('refuses downloads that fail, are too large or are not images', async () => {
    for (const path of ['/missing', '/big.png', '/text.txt']) {
      const res = await uploadSource(allowed, `${base}${path}`);
      expect(res.status, path).toBe(424);
      expect(res.body.success).toBe(false);
    }
  });

  it('downloads post[source] URLs on update through the same guard', async () => {
    const id = await upload(allowed, 'to_update');
    hits.length = 0;
    const refused = await send(guarded, 'put', `/posts/${id}.json`, 'member', { 'post[source]': `${base}/image.png?refused` });
    expect(refused.status).toBe(424);
    expect(hits).toEqual([]);
    expect((await get(guarded, `/posts/${id}.json`)).body.source).toBe('');
    const ok = await send(allowed, 'put', `/posts/${id}.json`, 'member', { 'post[source]': `${base}/image.png?update` });
    expect(ok.status, ok.text).toBe(200);
    expect(hits).toEqual(['/image.png?update']);
    expect((await get(allowed, `/posts/${id}.json`)).body.source).toBe(`${base}/image.png?update`);
    const missing = await send(allowed, 'put', `/posts/${id}.json`, 'member', { 'post[source]': `${base}/missing` });
    expect(missing.status).toBe(424);
  });
});
