/**
 * Dredd hooks for the OpenAPI descriptions of the image-board HTTP API (specs/openapi/imageboard.<V>.json).
 *
 * Run them against a fresh server, e.g. `conform serve --variant A` (see ./dredd.yml and the README): the
 * examples of the descriptions give every record id as 1, the first record of its kind, and these hooks
 * make sure that record exists. Everything else is read from the description the transaction comes
 * from: its operations, request examples and authentication parameters. Dredd (dredd-transactions) loads
 * JavaScript hooks with require(), so this file is CommonJS.
 *
 * What the hooks do:
 *  - before all: upload two images, which makes posts 1 and 2 (posts are made by uploads, and uploads
 *    come after posts in the description);
 *  - every request: authenticated with `login` and `api_key` of an account of the accounts file
 *    (fixtures/accounts.json, or the file named by CONFORM_ACCOUNTS): the most privileged one, in the
 *    query string of a GET and in the body of a POST, PUT or DELETE, as the description says;
 *  - request bodies: Dredd builds none for form bodies (it takes media type examples of JSON and text
 *    only), so the hooks send the description's example of the media type as the form;
 *  - XML: the JSON and XML transactions of a GET both ask for `.json` (Dredd fills the format path
 *    parameter with its example); the hooks point the XML ones at `.xml`. Dredd validates the status and
 *    the Content-Type of an XML answer but not its body: it validates JSON bodies only;
 *  - Content-Type: Dredd compares the header literally; the server may add parameters such as charset
 *    to the media type the description gives, so the hooks compare the media types;
 *  - skips, each counted and printed at the end with its reason (see SKIPS below).
 *
 * Set DREDD_HOOKS_QUIET=1 to leave out the summary.
 */
'use strict';

const hooks = require('hooks');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const ACCOUNTS_FILE = process.env.CONFORM_ACCOUNTS || path.join(ROOT, 'fixtures', 'accounts.json');
/** The images of posts 1 and 2 (post 1 is 4x4 pixels: the description's note example lies inside it). */
const IMAGES = ['red-4x4.png', 'checker-8x8.png'].map((name) => path.join(ROOT, 'fixtures', 'images', name));

/** Why a transaction is not run. Each is a transaction no client can expect to succeed from the description alone. */
const SKIPS = {
  error:
    'an error status: the example request of an operation is made to succeed; making a server refuse it is what `conform check` does, with the right broken request for each refusal',
  noContent:
    '204 in A (INT-204-envelope): a success is either 200 with the envelope or 204 without a body; a server answers one of them, the reference server 200',
  xmlChange:
    'a POST, PUT or DELETE in XML: its JSON transaction made the change already; sent again it would test a second change (a name taken, 423; a record deleted twice), which no example promises',
  forumPostTopic:
    'INT-forum-post-topic: the document lists only the body of a forum post, and a post without a topic cannot be saved (the reference server answers 420)',
  uploadFromSource:
    'an upload without a file is made from upload[source], a URL the server downloads; no URL in a description is sure to be reachable from the server and to serve an image',
};

const state = {
  docs: new Map(),
  posts: [],
  skipped: new Map(),
};

function description(filename) {
  const file = path.resolve(process.cwd(), filename);
  let doc = state.docs.get(file);
  if (!doc) {
    doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    state.docs.set(file, doc);
  }
  return doc;
}

function accountsOf(doc) {
  const variant = doc['x-conform-variant'];
  const accounts = JSON.parse(fs.readFileSync(ACCOUNTS_FILE, 'utf8')).accounts.filter((a) => !a.only || a.only === variant);
  const actor = accounts.reduce((best, a) => (a.level > best.level ? a : best));
  const other = accounts.find((a) => a !== actor);
  if (!other) throw new Error(`${ACCOUNTS_FILE}: two accounts are needed`);
  return { actor, other };
}

/** `login` and `api_key` of the acting account, named as the description's security schemes name them. */
function credentials(doc) {
  const { actor } = accountsOf(doc);
  const schemes = doc.components.securitySchemes;
  return { [schemes.login.name]: actor.name, [schemes.api_key.name]: actor.api_key };
}

function operationOf(doc, transaction) {
  const item = doc.paths[transaction.origin.resourceName];
  return item && item[transaction.request.method.toLowerCase()];
}

function operationById(doc, id) {
  for (const [key, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) if (op.operationId === id) return { key, method: method.toUpperCase(), op };
  }
  throw new Error(`the description has no operation ${id}`);
}

/** A path of the description with its placeholders filled: given values, else the parameters' examples. */
function pathOf(key, op, values) {
  return key.replace(/\{([a-z_]+)\}/g, (_, name) => {
    if (values[name] !== undefined) return String(values[name]);
    const p = op.parameters.find((x) => x.in === 'path' && x.name === name);
    return String(p.example);
  });
}

function formBody(fields) {
  return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
}

function multipartBody(fields, file) {
  const boundary = 'dredd-conform-boundary';
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The multipart example of an upload with a file in place of the other members of its "one of" rule. */
function uploadFields(op) {
  const media = op.requestBody.content['multipart/form-data'];
  const fileName = Object.keys(media.schema.properties).find((k) => media.schema.properties[k].contentMediaType);
  const others = (op['x-conform-require-one-of'] || []).filter((n) => n !== fileName);
  const fields = { ...media.example };
  for (const n of others) delete fields[n];
  return { fields, fileName };
}

function baseUrl(transaction) {
  return `${transaction.protocol}//${transaction.host}:${transaction.port}`;
}

async function send(base, method, urlPath, body, contentType) {
  const res = await fetch(`${base}${urlPath}`, { method, body, headers: contentType ? { 'content-type': contentType } : {} });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

function skip(transaction, reason) {
  transaction.skip = true;
  state.skipped.set(reason, (state.skipped.get(reason) || 0) + 1);
}

/** Replaces the path of a transaction's request, keeping its query and the server URL's own path prefix. */
function rewritePath(transaction, newPath) {
  const uri = transaction.request.uri;
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?')) : '';
  const prefix = transaction.fullPath.endsWith(uri) ? transaction.fullPath.slice(0, transaction.fullPath.length - uri.length) : '';
  transaction.request.uri = newPath + query;
  transaction.fullPath = prefix + newPath + query;
}

function mediaType(value) {
  return String(value || '').split(';')[0].trim().toLowerCase();
}

hooks.beforeAll((transactions, done) => {
  (async () => {
    const first = transactions[0];
    if (!first) return;
    const doc = description(first.origin.filename);
    const { key, method, op } = operationById(doc, 'uploads.create');
    const { fields, fileName } = uploadFields(op);
    for (const image of IMAGES) {
      const { body, contentType } = multipartBody({ ...fields, ...credentials(doc) }, { name: fileName, data: fs.readFileSync(image) });
      const envelope = await send(baseUrl(first), method, pathOf(key, op, {}), body, contentType);
      state.posts.push(envelope.post_id);
    }
    hooks.log(`made posts ${state.posts.join(' and ')} for the description's examples`);
  })().then(() => done(), (err) => {
    hooks.log(`setting up the records failed: ${err.message}`);
    for (const t of transactions) t.fail = `setting up the records failed: ${err.message}`;
    done();
  });
});

hooks.beforeEach((transaction, done) => {
  (async () => {
    const doc = description(transaction.origin.filename);
    const op = operationOf(doc, transaction);
    const status = Number(transaction.expected.statusCode);
    const xml = mediaType(transaction.expected.headers['Content-Type']) === 'application/xml';
    const method = transaction.request.method;
    const requestType = mediaType(transaction.request.headers['Content-Type']);

    if (status < 200 || status >= 300) return skip(transaction, SKIPS.error);
    if (status === 204) return skip(transaction, SKIPS.noContent);
    if (method !== 'GET' && xml) return skip(transaction, SKIPS.xmlChange);
    if (op.operationId === 'forum_posts.create') return skip(transaction, SKIPS.forumPostTopic);
    const content = (op.requestBody && op.requestBody.content) || {};
    if (requestType === 'application/x-www-form-urlencoded' && content['multipart/form-data']) return skip(transaction, SKIPS.uploadFromSource);

    const key = transaction.origin.resourceName;
    const format = xml ? 'xml' : 'json';
    const pathValues = { format };
    // The examples give every post id as post 1; a post's notes cannot be copied onto itself: copy those of post 2.
    if (op.operationId === 'posts.copy_notes') pathValues.id = state.posts[1];
    rewritePath(transaction, pathOf(key, op, pathValues));

    const auth = credentials(doc);
    if (method === 'GET') {
      const sep = transaction.request.uri.includes('?') ? '&' : '?';
      transaction.request.uri += sep + formBody(auth);
      transaction.fullPath += sep + formBody(auth);
      return;
    }

    // An undelete needs a deleted record: delete it first, with the description's delete of the same path.
    if (key.endsWith('/undelete.{format}')) {
      const deleteKey = key.replace('/undelete.{format}', '.{format}');
      const del = doc.paths[deleteKey] && doc.paths[deleteKey].delete;
      if (del) await send(baseUrl(transaction), 'DELETE', pathOf(deleteKey, del, { format: 'json' }), formBody(auth), 'application/x-www-form-urlencoded');
    }

    if (requestType === 'multipart/form-data') {
      const { fields, fileName } = uploadFields(op);
      const { body, contentType } = multipartBody({ ...fields, ...auth }, { name: fileName, data: fs.readFileSync(IMAGES[0]) });
      transaction.request.body = body.toString('base64');
      transaction.request.bodyEncoding = 'base64';
      transaction.request.headers['Content-Type'] = contentType;
      return;
    }
    const fields = { ...((content['application/x-www-form-urlencoded'] || {}).example || {}) };
    // A dmail goes to an account of the server, which no description can name: another account of the file.
    if (op.operationId === 'dmails.create') fields['dmail[to_name]'] = accountsOf(doc).other.name;
    transaction.request.body = formBody({ ...fields, ...auth });
    transaction.request.headers['Content-Type'] = 'application/x-www-form-urlencoded';
  })().then(() => done(), (err) => {
    transaction.fail = err.message;
    done();
  });
});

hooks.beforeEachValidation((transaction) => {
  const expected = transaction.expected.headers['Content-Type'];
  const real = transaction.real.headers['content-type'];
  if (expected && real && mediaType(expected) === mediaType(real)) transaction.expected.headers['Content-Type'] = real;
});

hooks.afterAll((transactions, done) => {
  if (!process.env.DREDD_HOOKS_QUIET) {
    for (const [reason, n] of state.skipped) hooks.log(`skipped ${n}: ${reason}`);
  }
  done();
});
