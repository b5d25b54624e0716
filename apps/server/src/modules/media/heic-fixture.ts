import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from './tools.js';

/**
 * A real HEVC-coded HEIC made in the test: the shipped ffmpeg encodes one frame with libx265 (it has no HEIF
 * muxer), and this file wraps the bitstream in the HEIF container (ISO/IEC 23008-12) as phones do: an `hvc1`
 * primary item with its `hvcC` decoder configuration and `ispe` size, the coded slices in `mdat`.
 */

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, vf, ...parts);
}

const u8 = (...v: number[]) => Buffer.from(v);
function u16(v: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v, 0);
  return b;
}
function u32(v: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v, 0);
  return b;
}

/** NAL units of an Annex B stream (start codes removed). */
export function splitAnnexB(stream: Buffer): Buffer[] {
  const starts: { at: number; len: number }[] = [];
  for (let i = 0; i + 2 < stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      const four = i > 0 && stream[i - 1] === 0;
      starts.push({ at: i + 3, len: four ? 4 : 3 });
      i += 2;
    }
  }
  return starts.map((s, k) => {
    const next = starts[k + 1];
    return stream.subarray(s.at, next ? next.at - next.len : stream.length);
  });
}

const nalType = (nal: Buffer) => ((nal[0] ?? 0) >> 1) & 0x3f;
const VPS = 32;
const SPS = 33;
const PPS = 34;

/** The RBSP of a NAL unit: emulation-prevention bytes (00 00 03) removed. */
function rbsp(nal: Buffer): Buffer {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i++) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0) continue;
    out.push(nal[i] ?? 0);
  }
  return Buffer.from(out);
}

/** HEVCDecoderConfigurationRecord for 8-bit 4:2:0 (what the fixture encodes). */
function hvcC(vps: Buffer, sps: Buffer, pps: Buffer): Buffer {
  // SPS: 2-byte NAL header, 1 byte of ids, then profile_tier_level: 1 + 4 + 6 + 1 bytes.
  const ptl = rbsp(sps).subarray(3, 15);
  const arrays = [vps, sps, pps].map((nal) => Buffer.concat([u8(0x80 | nalType(nal)), u16(1), u16(nal.length), nal]));
  return box('hvcC', u8(1), ptl.subarray(0, 12), u16(0xf000), u8(0xfc, 0xfd, 0xf8, 0xf8), u16(0), u8(0x0f), u8(arrays.length), ...arrays);
}

/**
 * Wraps one HEVC intra frame (Annex B) of `width` x `height` in a HEIC file, with an Exif item when `exif` is given
 * (as sharp reports it: "Exif\0\0" and the TIFF structure).
 */
export function heicFromHevc(stream: Buffer, width: number, height: number, exif?: Buffer): Buffer {
  const nals = splitAnnexB(stream);
  const find = (t: number) => {
    const n = nals.find((x) => nalType(x) === t);
    if (!n) throw new Error(`the HEVC stream has no NAL unit of type ${t}`);
    return n;
  };
  const slices = nals.filter((n) => nalType(n) < 32);
  if (slices.length === 0) throw new Error('the HEVC stream has no coded slice');
  const data = Buffer.concat(slices.flatMap((n) => [u32(n.length), n]));
  // Exif item payload: the offset of the TIFF header after this field, then the EXIF block.
  const exifData = exif ? Buffer.concat([u32(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0), exif]) : null;

  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), u32(0), u32(0), u32(0), u8(0));
  const pitm = fullBox('pitm', 0, 0, u16(1));
  const infe = (id: number, type: string) => fullBox('infe', 2, 0, u16(id), u16(0), Buffer.from(type, 'latin1'), u8(0));
  const iinf = fullBox('iinf', 0, 0, u16(exifData ? 2 : 1), infe(1, 'hvc1'), ...(exifData ? [infe(2, 'Exif')] : []));
  // The Exif item describes (cdsc) the image item.
  const iref = exifData ? [fullBox('iref', 0, 0, box('cdsc', u16(2), u16(1), u16(1)))] : [];
  const ispe = fullBox('ispe', 0, 0, u32(width), u32(height));
  const iprp = box(
    'iprp',
    box('ipco', hvcC(find(VPS), find(SPS), find(PPS)), ispe),
    // Item 1: property 1 (hvcC, essential) and property 2 (ispe).
    fullBox('ipma', 0, 0, u32(1), u16(1), u8(2), u8(0x81, 0x02)),
  );
  const extent = (id: number, offset: number, length: number) => Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(length)]);
  const iloc = (offset: number) =>
    // offset_size 4, length_size 4, base_offset_size 0; one extent per item.
    fullBox(
      'iloc',
      0,
      0,
      u8(0x44, 0x00),
      u16(exifData ? 2 : 1),
      extent(1, offset, data.length),
      ...(exifData ? [extent(2, offset + data.length, exifData.length)] : []),
    );
  const meta = (offset: number) => fullBox('meta', 0, 0, hdlr, pitm, iloc(offset), iinf, ...iref, iprp);
  const offset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(offset), box('mdat', data, ...(exifData ? [exifData] : []))]);
}

/**
 * A HEVC-coded HEIC of a picture (a PNG, e.g. made by sharp; even width and height): the kind of file phones make,
 * which the libvips bundled with sharp cannot decode.
 */
export async function heic(png: Buffer, opts: { exif?: Buffer } = {}): Promise<Buffer> {
  const { width, height } = await sharp(png).metadata();
  if (!width || !height || width % 2 || height % 2) throw new Error('the picture needs an even width and height');
  const dir = mkdtempSync(join(tmpdir(), 'emblem-heic-'));
  try {
    const input = join(dir, 'in.png');
    const out = join(dir, 'frame.hevc');
    writeFileSync(input, png);
    const res = await runFfmpeg([
      '-loglevel',
      'error',
      '-i',
      input,
      '-frames:v',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-f',
      'hevc',
      '-y',
      out,
    ]);
    if (res.code !== 0) throw new Error(`ffmpeg failed: ${res.stderr.slice(-500)}`);
    return heicFromHevc(readFileSync(out), width, height, opts.exif);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
