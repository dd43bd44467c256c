/**
 * Keeps secrets (API keys, passwords, legacy password hashes, Basic credentials, session cookies)
 * out of everything the checker writes: exchanges, messages, reports, reproduction commands.
 */
const PLACEHOLDER = '<redacted>';

export class Redactor {
  private readonly secrets: string[] = [];
  /** Secrets registered already (as given): traffic carries the same credentials over and over. */
  private readonly known = new Set<string>();

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.add(s);
  }

  /** Registers a secret, with the encodings it may travel in. */
  add(secret: string | undefined): void {
    if (!secret || secret.length < 4 || this.known.has(secret)) return;
    this.known.add(secret);
    const forms = new Set([secret, encodeURIComponent(secret), new URLSearchParams({ x: secret }).toString().slice(2)]);
    for (const f of forms) if (!this.secrets.includes(f)) this.secrets.push(f);
    // Longest first, so a secret containing another is replaced whole.
    this.secrets.sort((a, b) => b.length - a.length);
  }

  /** Registers HTTP Basic credentials (their base64 form is a secret too). */
  addBasic(user: string, password: string): void {
    this.add(Buffer.from(`${user}:${password}`).toString('base64'));
  }

  text(value: string): string {
    let out = value;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(PLACEHOLDER);
    return out;
  }

  url(value: string): string {
    return this.text(value);
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) {
      const key = k.toLowerCase();
      if (key === 'authorization') out[k] = v.replace(/^(\w+)\s+.*$/, `$1 ${PLACEHOLDER}`);
      else if (key === 'cookie' || key === 'set-cookie') out[k] = v.replace(/=([^;]*)/g, `=${PLACEHOLDER}`);
      else out[k] = this.text(v);
    }
    return out;
  }

  /** True if `value` contains any registered secret. */
  leaks(value: string): boolean {
    return this.secrets.some((s) => value.includes(s));
  }
}
