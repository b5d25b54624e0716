import type { BlockSettings } from '@emblem/core';
import type { CSSProperties, ReactNode } from 'react';
import type { ReaderAudience } from '../../../../access/guideline-readers.js';
import { richTextOf } from '../../../../lib/rich-text.js';
import { hexToRgb, readableOn, rgbToCmyk } from '../colors.js';
import { highlightCode } from '../highlight.js';
import type { LibraryListing, PageModel, ParsedBlock } from '../load.js';
import { fileSize, hasImage, responsiveImage, sourceSize, thumbnail } from '../media.js';
import type { ReaderAssetRow } from '../queries.js';
import type { ReaderStrings } from './strings/index.js';

/** How one page renders its blocks: the page's model, who it is for, and a counter of images so far. */
export interface BlockContext {
  secret: string;
  audience: ReaderAudience;
  model: PageModel;
  /** The page's own address (`/document/{id}/{pageId}`), for forms and links. */
  pageUrl: string;
  /** Images rendered so far: the first loads at once, the others when they come near the screen. */
  images: { count: number };
  /** The reader's own words for this request. */
  t: ReaderStrings;
}

/** What rendering an asset's preview needs. */
export type MediaContext = Pick<BlockContext, 'secret' | 'audience' | 'images' | 't'>;

/** The widest the content column gets, in CSS pixels (reader.css: --content-width). */
export const CONTENT_WIDTH = 880;

/** `sizes` for an image that takes `fraction` of the content column (the whole width on phones). */
function sizesFor(fraction: number): string {
  return `(max-width: 720px) calc(100vw - 2rem), ${Math.round(CONTENT_WIDTH * fraction)}px`;
}

const downloadUrl = (blockId: number, assetId: number) => `/api/guideline-block/${blockId}/assets/${assetId}/download`;

/** Letters, digits and a few safe characters of a font family name, for a CSS value. */
function fontStack(family: string): string {
  const clean = family.replace(/[^\p{L}\p{N} _.-]/gu, '').trim();
  return `${clean ? `"${clean}", ` : ''}system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
}

function altOf(asset: ReaderAssetRow): string {
  return asset.alternativeText || asset.title;
}

function Img(props: {
  ctx: BlockContext;
  asset: ReaderAssetRow;
  blockId: number;
  fraction: number;
  ratio?: number;
  alt?: string;
  className?: string;
}) {
  const { ctx, asset, blockId, fraction } = props;
  const image = responsiveImage(
    ctx.secret,
    asset,
    { blockId, audience: ctx.audience },
    { maxWidth: Math.round(CONTENT_WIDTH * fraction), ratio: props.ratio },
  );
  if (!image) return <FileCard asset={asset} />;
  const first = ctx.images.count++ === 0;
  return (
    <img
      className={props.className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizesFor(fraction)}
      width={image.width}
      height={image.height}
      alt={props.alt ?? altOf(asset)}
      loading={first ? 'eager' : 'lazy'}
      decoding={first ? 'auto' : 'async'}
      fetchPriority={first ? 'high' : undefined}
      style={asset.previewBackgroundColor ? { backgroundColor: asset.previewBackgroundColor } : undefined}
    />
  );
}

/** A file without a preview: its type and title. */
function FileCard({ asset }: { asset: ReaderAssetRow }) {
  return (
    <span className="file-card">
      <span className="file-card__ext" aria-hidden="true">
        {(asset.extension ?? 'file').toUpperCase()}
      </span>
      <span className="file-card__title">{asset.title}</span>
    </span>
  );
}

function Missing({ ctx }: { ctx: BlockContext }) {
  return ctx.audience === 'draft' ? <p className="block__notice">{ctx.t.unavailable}</p> : null;
}

/* ---------- text-like blocks ---------- */

function TextBlock({ settings }: { settings: BlockSettings<'text'> }) {
  if (!settings.html.trim()) return null;
  // Sanitised with the rich-text allow-list on save and again here (docs/api.md "Rich text").
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised rich text
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: richTextOf(settings.html) }} />;
}

function HeadingBlock({ settings }: { settings: BlockSettings<'heading'> }) {
  const Tag = `h${settings.level}` as 'h2' | 'h3' | 'h4';
  return <Tag className="heading">{settings.text}</Tag>;
}

function QuoteBlock({ settings }: { settings: BlockSettings<'quote'> }) {
  return (
    <figure className="quote">
      <blockquote>
        <p>{settings.text}</p>
      </blockquote>
      {settings.attribution ? <figcaption>{settings.attribution}</figcaption> : null}
    </figure>
  );
}

function CalloutBlock({ settings }: { settings: BlockSettings<'callout'> }) {
  return (
    <div className={`callout callout--${settings.tone}`} role="note">
      {settings.title ? <p className="callout__title">{settings.title}</p> : null}
      <p className="callout__text">{settings.text}</p>
    </div>
  );
}

/* ---------- images ---------- */

function ImageBlock({ ctx, block, fraction }: { ctx: BlockContext; block: ParsedBlock & { type: 'image' }; fraction: number }) {
  const { settings, row } = block;
  const assets = settings.asset_ids.flatMap((id) => ctx.model.assets.get(id) ?? []);
  if (assets.length === 0) return <Missing ctx={ctx} />;
  const fill = settings.fit === 'FILL';
  const perRow = assets.length === 1 ? 1 : fraction < 0.5 ? 1 : 2;
  const items = assets.map((asset) => (
    <li key={asset.id} className="image-block__item" id={`block-${row.id}-${asset.id}`}>
      <Img ctx={ctx} asset={asset} blockId={row.id} fraction={fraction / perRow} ratio={fill ? 3 / 2 : undefined} />
      {settings.download ? (
        <a className="button button--small" href={downloadUrl(row.id, asset.id)} download aria-label={ctx.t.downloadNamed(asset.title)}>
          {ctx.t.download}
        </a>
      ) : null}
    </li>
  ));
  return (
    <figure className={`image-block image-block--${fill ? 'fill' : 'fit'}`}>
      <ul className={`image-block__grid image-block__grid--${perRow}`}>{items}</ul>
      {settings.caption ? <figcaption>{settings.caption}</figcaption> : null}
      {settings.download && assets.length > 1 ? <ZipButton blockId={row.id} t={ctx.t} /> : null}
    </figure>
  );
}

function ZipButton({ blockId, t }: { blockId: number; t: ReaderStrings }) {
  return (
    <p className="zip">
      <a className="button" href={`/api/guideline-block/${blockId}/download.zip`} download data-zip>
        {t.downloadAll}
      </a>
      <span className="zip__status" role="status" />
    </p>
  );
}

function DoDontBlock({ ctx, block, fraction }: { ctx: BlockContext; block: ParsedBlock & { type: 'dodont' }; fraction: number }) {
  const { settings, row } = block;
  if (settings.items.length === 0) return <Missing ctx={ctx} />;
  const perRow = fraction < 0.5 ? 1 : 2;
  return (
    <ul className={`dodont dodont--${perRow}`}>
      {settings.items.map((item, i) => {
        const asset = item.asset_id ? ctx.model.assets.get(item.asset_id) : undefined;
        const verdict = item.verdict === 'DO' ? ctx.t.do : ctx.t.dont;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; their order is their identity
          <li key={i} id={`block-${row.id}-${i}`} className={`dodont__item dodont__item--${item.verdict.toLowerCase()}`}>
            <figure>
              {asset ? (
                <Img
                  ctx={ctx}
                  asset={asset}
                  blockId={row.id}
                  fraction={fraction / perRow}
                  ratio={4 / 3}
                  alt={`${verdict}: ${item.note || altOf(asset)}`}
                />
              ) : null}
              <figcaption>
                <span className="dodont__verdict">
                  <span aria-hidden="true">{item.verdict === 'DO' ? '✓' : '✕'}</span> {verdict}
                </span>
                {item.note ? <span className="dodont__note">{item.note}</span> : null}
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ul>
  );
}

/* ---------- colours and type ---------- */

function CopyButton({ value, label, t }: { value: string; label: string; t: ReaderStrings }) {
  // Hidden until the reader's script runs: without it there is nothing to copy with, and the value is on the page.
  return (
    <button type="button" className="copy" data-copy={value} aria-label={label} hidden>
      {t.copy}
    </button>
  );
}

function PaletteBlock({ ctx, block }: { ctx: BlockContext; block: ParsedBlock & { type: 'palette' } }) {
  const { settings, row } = block;
  if (settings.colors.length === 0) return <Missing ctx={ctx} />;
  return (
    <div className="palette">
      {settings.title ? <p className="block__title">{settings.title}</p> : null}
      <ul className="palette__list">
        {settings.colors.map((color, i) => {
          const rgb = hexToRgb(color.hex);
          const values: [string, string, boolean][] = [
            ['HEX', color.hex, false],
            ['RGB', rgb.join(' '), false],
            ['CMYK', color.cmyk ?? rgbToCmyk(rgb), !color.cmyk],
          ];
          if (color.pantone) values.push(['Pantone', color.pantone, false]);
          if (color.ral) values.push(['RAL', color.ral, false]);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: colours have no id; their order is their identity
            <li key={i} id={`block-${row.id}-${i}`} className="swatch">
              <div className="swatch__chip" style={{ backgroundColor: color.hex, color: readableOn(color.hex) }}>
                <span className="swatch__chip-hex" aria-hidden="true">
                  {color.hex}
                </span>
              </div>
              <div className="swatch__body">
                <p className="swatch__name">{color.name}</p>
                <dl className="swatch__values">
                  {values.map(([label, value, computed]) => (
                    <div key={label} className="swatch__value">
                      <dt>
                        {label}
                        {computed ? <span className="swatch__computed"> ({ctx.t.computed})</span> : null}
                      </dt>
                      <dd>
                        <code>{value}</code>
                        <CopyButton value={value} label={ctx.t.copyValue(label, color.name)} t={ctx.t} />
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function TypographyBlock({ block, t }: { block: ParsedBlock & { type: 'typography' }; t: ReaderStrings }) {
  const { settings } = block;
  const family: CSSProperties = { fontFamily: fontStack(settings.family) };
  return (
    <div className="typography" style={family}>
      <p className="typography__family">{settings.family}</p>
      {settings.specimen ? <p className="typography__specimen">{settings.specimen}</p> : null}
      {settings.weights.length ? (
        <>
          <p className="block__subtitle">{t.weights}</p>
          <ul className="typography__weights">
            {settings.weights.map((w) => (
              <li key={w} style={{ fontWeight: w }}>
                <span className="typography__sample">{t.specimen}</span>
                <span className="typography__meta">
                  {t.weightNames[w as keyof ReaderStrings['weightNames']] ?? ''} {w}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {settings.styles.length ? (
        <>
          <p className="block__subtitle">{t.typeStyles}</p>
          <ul className="typography__styles">
            {settings.styles.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: styles have no id; their order is their identity
              <li key={i}>
                <span className="typography__meta">
                  {s.name} · {s.size}px{s.line_height ? ` / ${s.line_height}` : ''} · {s.weight}
                </span>
                <span
                  className="typography__style-sample"
                  style={{ fontSize: `${s.size}px`, fontWeight: s.weight, lineHeight: s.line_height }}
                >
                  {s.sample || t.sample}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/* ---------- downloads and libraries ---------- */

function AssetTile({ ctx, asset, blockId }: { ctx: MediaContext; asset: ReaderAssetRow; blockId: number }) {
  const thumb = thumbnail(ctx.secret, asset, { blockId, audience: ctx.audience }, 240);
  const downloadable = asset.objectType !== 'URL' && asset.size !== null;
  return (
    <li className="asset-tile" id={`block-${blockId}-${asset.id}`}>
      <span className="asset-tile__preview">
        {thumb ? (
          <img
            src={thumb.src}
            srcSet={thumb.srcSet}
            sizes="(max-width: 720px) 45vw, 200px"
            width={thumb.width}
            height={thumb.height}
            alt=""
            loading={ctx.images.count++ === 0 ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="file-card__ext" aria-hidden="true">
            {(asset.extension ?? 'file').toUpperCase()}
          </span>
        )}
      </span>
      <span className="asset-tile__title">{asset.title}</span>
      <span className="asset-tile__meta">{[asset.extension?.toUpperCase(), fileSize(asset.size)].filter(Boolean).join(' · ')}</span>
      {downloadable ? (
        <a className="button button--small" href={downloadUrl(blockId, asset.id)} download aria-label={ctx.t.downloadNamed(asset.title)}>
          {ctx.t.download}
        </a>
      ) : null}
    </li>
  );
}

function DownloadsBlock({ ctx, block }: { ctx: BlockContext; block: ParsedBlock & { type: 'downloads' } }) {
  const { settings, row } = block;
  const assets = settings.folder_id
    ? (ctx.model.folders.get(row.id) ?? [])
    : settings.asset_ids.flatMap((id) => ctx.model.assets.get(id) ?? []);
  if (assets.length === 0) return <Missing ctx={ctx} />;
  return (
    <div className="downloads">
      {settings.title ? <p className="block__title">{settings.title}</p> : null}
      <ul className="asset-grid">
        {assets.map((a) => (
          <AssetTile key={a.id} ctx={ctx} asset={a} blockId={row.id} />
        ))}
      </ul>
      <ZipButton blockId={row.id} t={ctx.t} />
    </div>
  );
}

/** A library block's list: rendered on the page and, for searches as you type, alone (routes.ts). */
export function LibraryList({ ctx, blockId, listing }: { ctx: MediaContext; blockId: number; listing: LibraryListing }) {
  return (
    <div className="library__results" data-library-results>
      {listing.assets.length === 0 ? (
        <p className="library__empty">{listing.search ? ctx.t.script.noMatches : ctx.t.emptyLibrary}</p>
      ) : (
        <ul className="asset-grid">
          {listing.assets.map((a) => (
            <AssetTile key={a.id} ctx={ctx} asset={a} blockId={blockId} />
          ))}
        </ul>
      )}
      {listing.more ? <p className="library__more">{ctx.t.moreAssets(listing.assets.length)}</p> : null}
    </div>
  );
}

function LibraryBlock({ ctx, block }: { ctx: BlockContext; block: ParsedBlock & { type: 'library' } }) {
  const { settings, row } = block;
  const listing = ctx.model.libraries.get(row.id);
  if (!listing?.library) return <Missing ctx={ctx} />;
  const name = settings.title || listing.library.name;
  const inputId = `library-search-${row.id}`;
  return (
    <div className="library" data-library={row.id}>
      <p className="block__title">{name}</p>
      {/* A plain GET form: searching works without the script, which then searches as you type. */}
      <search>
        <form className="library__search" method="get" action={`${ctx.pageUrl}#block-${row.id}`}>
          <input type="hidden" name="library" value={row.id} />
          <label htmlFor={inputId}>{ctx.t.searchLibrary(name)}</label>
          <span className="library__search-row">
            <input id={inputId} type="search" name="q" defaultValue={listing.search} maxLength={100} autoComplete="off" />
            <button type="submit" className="button button--secondary">
              {ctx.t.search}
            </button>
          </span>
        </form>
      </search>
      <LibraryList ctx={ctx} blockId={row.id} listing={listing} />
    </div>
  );
}

/* ---------- media and code ---------- */

function VideoBlock({ ctx, block, fraction }: { ctx: BlockContext; block: ParsedBlock & { type: 'video' }; fraction: number }) {
  const { settings, row } = block;
  const asset = settings.asset_id ? ctx.model.assets.get(settings.asset_id) : undefined;
  if (asset?.revisionKind !== 'Video' || asset.mimeType === null) return <Missing ctx={ctx} />;
  const poster = hasImage(asset)
    ? responsiveImage(ctx.secret, asset, { blockId: row.id, audience: ctx.audience }, { maxWidth: Math.round(CONTENT_WIDTH * fraction) })
    : null;
  const size = sourceSize(asset);
  const src = `/api/guideline-block/${row.id}/assets/${asset.id}/stream`;
  return (
    <figure className="video">
      {/* biome-ignore lint/a11y/useMediaCaption: brand videos come without caption tracks; the caption below describes it */}
      <video
        controls
        preload="none"
        poster={poster?.src}
        width={size.width}
        height={size.height}
        aria-label={settings.caption || asset.title}
      >
        <source src={src} type={asset.mimeType} />
        <a href={src}>{ctx.t.videoFallback}</a>
      </video>
      {settings.caption ? <figcaption>{settings.caption}</figcaption> : null}
    </figure>
  );
}

function EmbedBlock({ block }: { block: ParsedBlock & { type: 'embed' } }) {
  const { settings } = block;
  const [w, h] = settings.aspect.split(':').map(Number) as [number, number];
  return (
    <div className="embed" style={{ aspectRatio: `${w} / ${h}` }}>
      <iframe
        src={settings.url}
        title={settings.title}
        sandbox="allow-scripts allow-same-origin allow-presentation"
        referrerPolicy="no-referrer"
        loading="lazy"
        allow="fullscreen; picture-in-picture"
      />
    </div>
  );
}

function CodeBlock({ block, t }: { block: ParsedBlock & { type: 'code' }; t: ReaderStrings }) {
  const { settings, row } = block;
  const id = `code-${row.id}`;
  return (
    <div className="code">
      <div className="code__bar">
        <span className="code__language">{settings.language === 'plaintext' ? t.plainText : settings.language}</span>
        <button type="button" className="copy" data-copy-from={id} hidden>
          {t.copyCode}
        </button>
      </div>
      {/* Focusable: a long line scrolls sideways, and keyboard users must be able to scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <pre tabIndex={0}>
        <code
          id={id}
          className={`hljs language-${settings.language}`}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js escapes the code it wraps
          dangerouslySetInnerHTML={{ __html: highlightCode(settings.code, settings.language) }}
        />
      </pre>
    </div>
  );
}

/** One block, in its element with the block's anchor (`block-{id}`). `fraction`: its column's share of the width. */
export function Block({ ctx, block, fraction }: { ctx: BlockContext; block: ParsedBlock; fraction: number }): ReactNode {
  let body: ReactNode;
  switch (block.type) {
    case 'text':
      body = <TextBlock settings={block.settings} />;
      break;
    case 'heading':
      body = <HeadingBlock settings={block.settings} />;
      break;
    case 'quote':
      body = <QuoteBlock settings={block.settings} />;
      break;
    case 'callout':
      body = <CalloutBlock settings={block.settings} />;
      break;
    case 'divider':
      body = <hr className={`divider divider--${block.settings.style.toLowerCase()}`} />;
      break;
    case 'image':
      body = <ImageBlock ctx={ctx} block={block} fraction={fraction} />;
      break;
    case 'palette':
      body = <PaletteBlock ctx={ctx} block={block} />;
      break;
    case 'typography':
      body = <TypographyBlock block={block} t={ctx.t} />;
      break;
    case 'dodont':
      body = <DoDontBlock ctx={ctx} block={block} fraction={fraction} />;
      break;
    case 'downloads':
      body = <DownloadsBlock ctx={ctx} block={block} />;
      break;
    case 'library':
      body = <LibraryBlock ctx={ctx} block={block} />;
      break;
    case 'video':
      body = <VideoBlock ctx={ctx} block={block} fraction={fraction} />;
      break;
    case 'embed':
      body = <EmbedBlock block={block} />;
      break;
    case 'code':
      body = <CodeBlock block={block} t={ctx.t} />;
      break;
  }
  return (
    <div className={`block block--${block.type}`} id={`block-${block.row.id}`} data-block-id={block.row.id}>
      {body}
    </div>
  );
}
