/** Content sniffing of uploaded files by their magic bytes: PNG, JPEG, GIF and WebP. */
import { createHash } from 'node:crypto';

export interface ImageInfo {
  readonly ext: 'png' | 'jpg' | 'gif' | 'webp';
  readonly width: number | null;
  readonly height: number | null;
  readonly md5: string;
  readonly size: number;
}

export function sniffImage(data: Buffer): ImageInfo | undefined {
  const base = { md5: createHash('md5').update(data).digest('hex'), size: data.length };
  if (data.length >= 24 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    const ihdr = data.toString('latin1', 12, 16) === 'IHDR';
    return { ext: 'png', width: ihdr ? data.readUInt32BE(16) : null, height: ihdr ? data.readUInt32BE(20) : null, ...base };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { ext: 'jpg', width: null, height: null, ...base };
  if (data.length >= 10 && /^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) {
    return { ext: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8), ...base };
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return { ext: 'webp', width: null, height: null, ...base };
  }
  return undefined;
}
