import { describe, expect, it } from 'vitest';
import { autoTags, colourName, iptcKeywords, listKeywords, xmpKeywords } from './auto-tags.js';

/** An IPTC-IIM dataset: 0x1C, record, dataset, 2-byte length, data. */
const dataset = (record: number, id: number, data: Buffer) =>
  Buffer.concat([Buffer.from([0x1c, record, id, data.length >> 8, data.length & 0xff]), data]);

describe('AUTO tags', () => {
  it('reads XMP dc:subject keywords, decoding entities', () => {
    const xmp = Buffer.from(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Not a tag</rdf:li></rdf:Alt></dc:title>
      <dc:subject><rdf:Bag><rdf:li>Beach</rdf:li><rdf:li>Fish &amp; chips</rdf:li><rdf:li>caf&#233;</rdf:li></rdf:Bag></dc:subject>
      </rdf:Description></rdf:RDF></x:xmpmeta>`);
    expect(xmpKeywords(xmp)).toEqual(['Beach', 'Fish & chips', 'café']);
    expect(xmpKeywords(Buffer.from('<x:xmpmeta/>'))).toEqual([]);
    expect(xmpKeywords(undefined)).toEqual([]);
  });

  it('reads IPTC keywords in UTF-8 or Latin-1, and stops at a truncated block', () => {
    const utf8 = Buffer.concat([
      dataset(1, 90, Buffer.from([0x1b, 0x25, 0x47])),
      dataset(2, 5, Buffer.from('Object name')),
      dataset(2, 25, Buffer.from('Sommer', 'utf8')),
      dataset(2, 25, Buffer.from('Straße', 'utf8')),
    ]);
    expect(iptcKeywords(utf8)).toEqual(['Sommer', 'Straße']);
    const latin1 = dataset(2, 25, Buffer.from('Straße', 'latin1'));
    expect(iptcKeywords(latin1)).toEqual(['Straße']);
    const truncated = Buffer.concat([dataset(2, 25, Buffer.from('Kept')), Buffer.from([0x1c, 2, 25, 0x00, 0x40, 0x41])]);
    expect(iptcKeywords(truncated)).toEqual(['Kept']);
    expect(iptcKeywords(Buffer.from('no iptc here'))).toEqual([]);
  });

  it('names colours as people do', () => {
    expect(colourName('rgba(204,51,17,1)')).toBe('Red');
    expect(colourName('rgba(40,90,200,1)')).toBe('Blue');
    expect(colourName('rgba(60,170,70,1)')).toBe('Green');
    expect(colourName('rgba(120,70,20,1)')).toBe('Brown');
    expect(colourName('rgba(250,250,250,1)')).toBe('White');
    expect(colourName('rgba(10,10,12,1)')).toBe('Black');
    expect(colourName('rgba(128,128,130,1)')).toBe('Grey');
    expect(colourName('nonsense')).toBeNull();
  });

  it('collects keywords, camera, orientation, colour, transparency and type, each once', () => {
    const tags = autoTags({
      extension: 'png',
      metadata: { width: 400, height: 400, has_alpha: true, exif: { Make: 'Acme', Model: 'Acme Cam 1' } },
      background: 'rgba(40,90,200,0.5)',
      keywords: [
        { engine: 'iptc', values: ['Beach', ' beach ', '', 'x'.repeat(101)] },
        { engine: 'xmp', values: ['BEACH', 'Summer\u0007 2026'] },
      ],
    });
    expect(tags).toEqual([
      { value: 'Beach', engine: 'iptc' },
      { value: 'Summer 2026', engine: 'xmp' },
      { value: 'Acme Cam 1', engine: 'exif' },
      { value: 'Square', engine: 'orientation' },
      { value: 'Blue', engine: 'colour' },
      { value: 'Transparent', engine: 'transparency' },
      { value: 'Image', engine: 'type' },
    ]);
    expect(autoTags({ extension: 'pdf', metadata: { width: 300, height: 400 }, background: null, keywords: [] })).toEqual([
      { value: 'Portrait', engine: 'orientation' },
      { value: 'Document', engine: 'type' },
    ]);
    const many = autoTags({
      extension: 'zip',
      metadata: {},
      background: null,
      keywords: [{ engine: 'pdf', values: listKeywords(Array.from({ length: 60 }, (_, i) => `k${i}`).join('; ')) }],
    });
    expect(many).toHaveLength(40);
  });
});
