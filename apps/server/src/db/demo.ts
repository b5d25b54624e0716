import { Readable } from 'node:stream';
import { assetMetadataBodySchema, createMetadataPropertyBodySchema } from '@emblem/core';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { Config } from '../config.js';
import type { Actor } from '../http/actor.js';
import { createAsset } from '../modules/assets/operations.js';
import { ingestFile } from '../modules/files/operations.js';
import { createSet } from '../modules/folders/operations.js';
import { createBlock } from '../modules/guidelines/blocks.js';
import { createDocument, getDocument, updateDocument } from '../modules/guidelines/documents.js';
import { createPortal } from '../modules/guidelines/operations.js';
import { createPage } from '../modules/guidelines/pages.js';
import { createSection } from '../modules/guidelines/sections.js';
import { changeAssetValues, createProperty } from '../modules/metadata/operations.js';
import { createProject } from '../modules/projects/operations.js';
import type { Storage } from '../storage/storage.js';
import type { Db } from './client.js';

/**
 * The demo a new user finds on an empty database (issue 14 item 13): a media library of generated photos in
 * folders, a logo library (SVG and PNG logos drawn here), a document library with a PDF brand book and a workspace
 * project, and a published guideline (logo, colour, typography, photography) in the brand's portal, all made through
 * the same operations as the API. Nothing is downloaded: every file is generated.
 */
export interface DemoDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'uploadMaxBytes' | 'accountStorageLimitBytes' | 'sessionSecret'>;
  jobsEnqueued(): void;
}

export interface DemoContent {
  mediaLibraryId: number;
  logoLibraryId: number;
  documentLibraryId: number;
  workspaceId: number;
  portalId: number;
  guidelineId: number;
  assetIds: Record<string, number>;
}

/** A landscape "photo": a sky gradient, a sun and three layers of hills, in one palette. */
interface Scene {
  title: string;
  sky: [string, string];
  sun: string;
  hills: [string, string, string];
  sunX: number;
  sunY: number;
}

const SCENES: Record<string, Scene[]> = {
  Landscapes: [
    {
      title: 'Alpine sunrise',
      sky: ['#FDE2B3', '#F59E7C'],
      sun: '#FFF4D6',
      hills: ['#8C6A8F', '#5B4670', '#2E2A4A'],
      sunX: 0.3,
      sunY: 0.55,
    },
    { title: 'Coastal dusk', sky: ['#2B3A67', '#E96F5A'], sun: '#FFD29C', hills: ['#3C4F76', '#24365C', '#12203D'], sunX: 0.7, sunY: 0.6 },
    {
      title: 'Meadow morning',
      sky: ['#CDEBF7', '#FFF7E0'],
      sun: '#FFFFFF',
      hills: ['#9CCB86', '#6FA562', '#3E7A45'],
      sunX: 0.2,
      sunY: 0.3,
    },
    { title: 'Desert noon', sky: ['#8FD0F0', '#F3E3C3'], sun: '#FFFDF2', hills: ['#E3B47C', '#C98A52', '#9A5B32'], sunX: 0.8, sunY: 0.25 },
  ],
  'Spring campaign': [
    {
      title: 'Blossom valley',
      sky: ['#FBD3E0', '#FFF1F4'],
      sun: '#FFFFFF',
      hills: ['#F2A7C0', '#D97AA0', '#A84F7D'],
      sunX: 0.5,
      sunY: 0.35,
    },
    { title: 'Green ridge', sky: ['#E0F4E8', '#B9E3F5'], sun: '#FFFBEA', hills: ['#7DC9A0', '#3F9E74', '#1F6B52'], sunX: 0.25, sunY: 0.4 },
    {
      title: 'Lakeside calm',
      sky: ['#B6D8F2', '#F6F1E7'],
      sun: '#FFFFFF',
      hills: ['#7FA7C9', '#4C7BA6', '#264F7A'],
      sunX: 0.65,
      sunY: 0.45,
    },
    { title: 'Golden field', sky: ['#FFE8A3', '#FFC46B'], sun: '#FFF8E1', hills: ['#E5B547', '#C98F21', '#8F5F0E'], sunX: 0.4, sunY: 0.5 },
  ],
  'Night and city': [
    {
      title: 'Harbour lights',
      sky: ['#0F1A3A', '#3B2C6B'],
      sun: '#F7E9B0',
      hills: ['#2A2457', '#1B1840', '#0C0B24'],
      sunX: 0.75,
      sunY: 0.3,
    },
    { title: 'Violet hour', sky: ['#4B2A6B', '#F08A7E'], sun: '#FFE0B8', hills: ['#5E3B7A', '#3E2660', '#1F1238'], sunX: 0.35, sunY: 0.65 },
    { title: 'Snow line', sky: ['#DDE7F0', '#FFFFFF'], sun: '#FFFFFF', hills: ['#B8C7D6', '#8FA3B8', '#5F7690'], sunX: 0.6, sunY: 0.35 },
    { title: 'Autumn haze', sky: ['#F4D7B5', '#E7A977'], sun: '#FFF3E0', hills: ['#C9733E', '#9E4F2A', '#6B3219'], sunX: 0.2, sunY: 0.55 },
  ],
};

function hillPath(width: number, height: number, base: number, amplitude: number, phase: number): string {
  const points: string[] = [];
  for (let x = 0; x <= width; x += width / 12) {
    const y = base + Math.sin(x / (width / 3) + phase) * amplitude + Math.sin(x / (width / 7) + phase * 2) * amplitude * 0.35;
    points.push(`${x.toFixed(0)},${y.toFixed(0)}`);
  }
  return `M0,${height} L${points.join(' L')} L${width},${height} Z`;
}

function sceneSvg(s: Scene, width: number, height: number, seed: number): string {
  const [a, b, c] = s.hills;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.sky[0]}"/><stop offset="1" stop-color="${s.sky[1]}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${s.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${s.sun}" stop-opacity="0"/></radialGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${width * s.sunX}" cy="${height * s.sunY}" r="${height * 0.3}" fill="url(#glow)"/>
<circle cx="${width * s.sunX}" cy="${height * s.sunY}" r="${height * 0.08}" fill="${s.sun}"/>
<path d="${hillPath(width, height, height * 0.62, height * 0.07, seed)}" fill="${a}"/>
<path d="${hillPath(width, height, height * 0.74, height * 0.05, seed + 1.7)}" fill="${b}"/>
<path d="${hillPath(width, height, height * 0.86, height * 0.04, seed + 3.1)}" fill="${c}"/>
</svg>`;
}

/** The Acme mark and wordmark, in one colour or on a dark ground. */
function logoSvg(variant: 'primary' | 'mark' | 'white'): string {
  const ink = variant === 'white' ? '#FFFFFF' : '#1F2A44';
  const accent = variant === 'white' ? '#FFFFFF' : '#E4572E';
  const mark = `<g><path d="M40 8 L72 72 H56 L40 38 L24 72 H8 Z" fill="${ink}"/><circle cx="40" cy="58" r="7" fill="${accent}"/></g>`;
  if (variant === 'mark') return `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">${mark}</svg>`;
  const ground = variant === 'white' ? '<rect width="320" height="80" fill="#1F2A44"/>' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="80" viewBox="0 0 320 80">${ground}${mark}<text x="92" y="56" font-family="Helvetica, Arial, sans-serif" font-size="44" font-weight="700" letter-spacing="2" fill="${ink}">ACME</text></svg>`;
}

async function brandBookPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Acme brand book');
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const pages: [string, string[]][] = [
    ['Acme brand book', ['How Acme looks, sounds and shows up.', 'Edition 2026.']],
    [
      'Our logo',
      ['Use the primary logo on light grounds and the white logo on dark ones.', 'Keep clear space of one mark height around it.'],
    ],
    ['Colour', ['Acme Navy #1F2A44, Signal Orange #E4572E, Sand #F4E9D8.', 'Orange is for emphasis: never more than a tenth of a layout.']],
  ];
  for (const [title, lines] of pages) {
    const page = pdf.addPage([595, 842]);
    page.drawRectangle({ x: 0, y: 742, width: 595, height: 100, color: rgb(0.12, 0.16, 0.27) });
    page.drawText(title, { x: 48, y: 780, size: 28, font: bold, color: rgb(1, 1, 1) });
    lines.forEach((line, i) => {
      page.drawText(line, { x: 48, y: 680 - i * 24, size: 13, font: regular, color: rgb(0.12, 0.16, 0.27) });
    });
    page.drawRectangle({ x: 48, y: 120, width: 160, height: 160, color: rgb(0.89, 0.34, 0.18) });
  }
  return Buffer.from(await pdf.save());
}

/** Creates the demo content under `brandId` as `actor` (the account owner). */
export async function seedDemoContent(deps: DemoDeps, actor: Actor, brandId: number): Promise<DemoContent> {
  const assetDeps = { db: deps.db, secret: deps.config.sessionSecret, jobsEnqueued: deps.jobsEnqueued };
  const assetIds: Record<string, number> = {};
  const add = async (projectId: number, setId: number | null, name: string, title: string, content: Buffer) => {
    const upload = await ingestFile({ db: deps.db, storage: deps.storage, config: deps.config }, actor, {
      projectId,
      originalName: name,
      source: { stream: Readable.from([content]) },
    });
    const asset = await createAsset(assetDeps, actor, { project_id: projectId, set_id: setId, file_id: upload.uploadToken, title });
    assetIds[title] = asset.id;
  };
  const project = (name: string, type: string, description: string) =>
    createProject(deps.db, actor, { name, brand: brandId, project_type: type, description }).then((p) => p.id);

  const media = await project('Photography', 'MEDIALIBRARY', 'Approved photography for campaigns and the web.');
  let seed = 0;
  for (const [folderName, scenes] of Object.entries(SCENES)) {
    const folder = await createSet(deps.db, actor, media, { name: folderName, parent: null, color: '#EEEEEE' });
    for (const scene of scenes) {
      seed += 1;
      const jpeg = await sharp(Buffer.from(sceneSvg(scene, 1600, 1067, seed)))
        .jpeg({ quality: 82 })
        .toBuffer();
      await add(media, folder.id, `${scene.title.toLowerCase().replace(/\s+/g, '-')}.jpg`, scene.title, jpeg);
    }
  }

  const logos = await project('Logos', 'LOGOLIBRARY', 'The Acme logo in every approved version.');
  await add(logos, null, 'acme-logo.svg', 'Acme logo', Buffer.from(logoSvg('primary')));
  await add(logos, null, 'acme-mark.svg', 'Acme mark', Buffer.from(logoSvg('mark')));
  await add(logos, null, 'acme-logo-white.svg', 'Acme logo (white)', Buffer.from(logoSvg('white')));
  const png = await sharp(Buffer.from(logoSvg('primary')), { density: 288 })
    .png()
    .toBuffer();
  await add(logos, null, 'acme-logo.png', 'Acme logo (PNG)', png);

  const documents = await project('Documents', 'DOCUMENTLIBRARY', 'Brand books, templates and presentations.');
  await add(documents, null, 'acme-brand-book.pdf', 'Acme brand book', await brandBookPdf());

  const workspace = await project('Spring launch', 'WORKSPACE', 'Assets in progress for the spring launch campaign.');
  await demoMetadata(deps.db, actor, brandId, media, assetIds);
  const { portalId, guidelineId } = await demoGuideline(deps.db, actor, brandId, assetIds, media);
  return {
    mediaLibraryId: media,
    logoLibraryId: logos,
    documentLibraryId: documents,
    workspaceId: workspace,
    portalId,
    guidelineId,
    assetIds,
  };
}

/**
 * Custom metadata to find the photographs by: a usage right (SELECT, required), the photographer (TEXT) and the
 * shoot date (DATE), used by the photography library, with values on its pictures.
 */
async function demoMetadata(db: Db, actor: Actor, brandId: number, mediaLibraryId: number, assets: Record<string, number>) {
  const property = (body: Record<string, unknown>) =>
    createProperty(db, actor, brandId, createMetadataPropertyBodySchema.parse({ project_ids: [mediaLibraryId], ...body }));
  const usage = await property({
    name: 'Usage rights',
    type: 'SELECT',
    is_required: true,
    help_text: 'Where the picture may be used.',
    options: [{ value: 'Web and social' }, { value: 'Print' }, { value: 'Everywhere', is_default: true }],
  });
  const photographer = await property({ name: 'Photographer', type: 'TEXT' });
  const shot = await property({ name: 'Shoot date', type: 'DATE' });
  const titles = SCENES_IN_ORDER.map((scene) => scene.title);
  const ids = titles.map((title) => assets[title]).filter((id) => id !== undefined);
  const option = (value: string) => usage.options.find((o) => o.value === value)?.id;
  const set = (assetIds: number[], values: { property_id: number; value: unknown }[]) =>
    changeAssetValues(db, actor, assetMetadataBodySchema.parse({ asset_ids: assetIds, action: 'set', values }));
  await set(ids, [
    { property_id: usage.id, value: option('Everywhere') },
    { property_id: photographer.id, value: 'Mara Lindqvist' },
    { property_id: shot.id, value: '2026-04-18' },
  ]);
  const print = ids.filter((_, i) => i % 3 === 1);
  if (print.length) await set(print, [{ property_id: usage.id, value: option('Print') }]);
  const web = ids.filter((_, i) => i % 3 === 2);
  if (web.length)
    await set(web, [
      { property_id: usage.id, value: option('Web and social') },
      { property_id: photographer.id, value: 'Tomás Ferreira' },
      { property_id: shot.id, value: '2026-05-02' },
    ]);
}

const SCENES_IN_ORDER = Object.values(SCENES).flat();

type BlockSpec = [type: string, settings: Record<string, unknown>, column?: number];

/** The brand's portal (members of the account read it) with a published guideline of four pages. */
async function demoGuideline(db: Db, actor: Actor, brandId: number, assets: Record<string, number>, mediaLibraryId: number) {
  const portal = await createPortal(db, actor, { brand_id: brandId, title: 'Acme brand portal' });
  const { id: guidelineId } = await createDocument(db, actor, portal.id, { title: 'Acme brand guidelines' });
  const section = async (pageId: number, columns: number[], blocks: BlockSpec[]) => {
    const { id } = await createSection(db, actor, pageId, { column_proportions: columns });
    for (const [type, settings, column = 0] of blocks) await createBlock(db, actor, id, { type: type as never, column, settings });
  };
  const page = async (title: string) => (await createPage(db, actor, guidelineId, { title })).id;
  const heading = (text: string): BlockSpec => ['heading', { text, level: 2 }];
  const text = (html: string, column = 0): BlockSpec => ['text', { html }, column];

  const cover = (await getDocument(db, actor, guidelineId)).cover_page_id;
  await section(
    cover,
    [1],
    [
      heading('Welcome to Acme'),
      text(
        '<p>These guidelines show how Acme looks and sounds: the logo, the colours, the type and the photography, with the approved files to download beside each rule.</p>',
      ),
      ['image', { asset_ids: [assets['Alpine sunrise']], fit: 'FILL', caption: 'Alpine sunrise, from the Landscapes collection' }],
    ],
  );

  const logo = await page('Logo');
  await section(
    logo,
    [1, 1],
    [
      heading('Our logo'),
      text(
        '<p>Use the primary logo on light grounds and the white logo on dark ones. Keep clear space of one mark height around it, and never stretch, recolour or rotate it.</p>',
      ),
      ['image', { asset_ids: [assets['Acme logo'], assets['Acme logo (white)']], fit: 'FIT', download: true }, 1],
    ],
  );
  await section(
    logo,
    [1],
    [
      [
        'dodont',
        {
          items: [
            { asset_id: assets['Acme logo'], verdict: 'DO', note: 'Place the logo on a calm, light ground.' },
            { asset_id: assets['Meadow morning'], verdict: 'DONT', note: 'Do not set the logo over a busy photo.' },
          ],
        },
      ],
      [
        'downloads',
        {
          title: 'Logo files',
          asset_ids: [assets['Acme logo'], assets['Acme mark'], assets['Acme logo (white)'], assets['Acme logo (PNG)']],
        },
      ],
    ],
  );

  const colour = await page('Colour');
  await section(
    colour,
    [1],
    [
      heading('Colour palette'),
      [
        'palette',
        {
          title: 'Brand colours',
          colors: [
            { name: 'Acme Navy', hex: '#1F2A44', cmyk: '90 75 40 45', pantone: 'Pantone 2767 C' },
            { name: 'Signal Orange', hex: '#E4572E', cmyk: '0 75 85 0', pantone: 'Pantone 7597 C', ral: 'RAL 2004' },
            { name: 'Sand', hex: '#F4E9D8', cmyk: '3 8 16 0' },
            { name: 'White', hex: '#FFFFFF' },
          ],
        },
      ],
      [
        'callout',
        {
          title: 'Orange is for emphasis',
          text: 'Signal Orange highlights one thing per layout: never more than a tenth of the surface.',
          tone: 'info',
        },
      ],
    ],
  );

  const type = await page('Typography');
  await section(
    type,
    [1],
    [
      heading('Typography'),
      [
        'typography',
        {
          family: 'Inter',
          weights: [400, 600, 700],
          specimen: 'Brands are built one detail at a time.',
          styles: [
            { name: 'Display', size: 48, weight: 700, line_height: 1.1 },
            { name: 'Heading', size: 28, weight: 600, line_height: 1.2 },
            { name: 'Body', size: 16, weight: 400, line_height: 1.5 },
          ],
        },
      ],
    ],
  );

  const photos = await page('Photography');
  await section(
    photos,
    [1],
    [
      heading('Photography'),
      text('<p>Open landscapes in warm, natural light. Every approved photo is in the library below, ready to download.</p>'),
      ['library', { project_id: mediaLibraryId, title: 'Photography library' }],
    ],
  );

  await updateDocument(db, actor, guidelineId, { version: 1, published: true });
  return { portalId: portal.id, guidelineId };
}
