import { normaliseLinkUrl } from '@emblem/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Button as AriaButton, Collection, type Key, Tree, TreeItem, TreeItemContent } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert, LoadingState } from '../../ui/Feedback';
import { Icon, type IconName } from './Icon';
import { closeModal, Modal } from './Modal';

/**
 * The link tree: documents → categories → pages →
 * headings. The tree is filled once guidelines exist; until then a loader can answer an empty list.
 */
export interface LinkTreeHeading {
  id: number | string;
  title: string;
  url: string;
}
export interface LinkTreePage {
  page_title: string;
  translated_page_title?: string | null;
  url: string;
  headings?: LinkTreeHeading[];
}
export interface LinkTreeCategory {
  category_title: string;
  pages: LinkTreePage[];
}
export interface LinkTreeDocument {
  document_title: string;
  document_mode: string;
  url: string;
  icon?: string;
  categories: LinkTreeCategory[];
}

/** The link value: a url, optionally with the hub (portal) it belongs to. */
export interface LinkValue {
  url: string;
  hub?: number | string | null;
  newWindow?: boolean;
}

/** Loads the tree of a hub in a language (the path is the server's to define). */
export type LinkTreeLoader = (hubId: number | string | null, language: string, signal: AbortSignal) => Promise<LinkTreeDocument[]>;

/** The expand button of a link tree row; a leaf keeps the space so titles line up. */
export function LinkTreeChevron({ hasChildItems, isExpanded }: { hasChildItems: boolean; isExpanded: boolean }) {
  return hasChildItems ? (
    <AriaButton slot="chevron" className="link-tree__chevron">
      <Icon name={isExpanded ? 'chevronDown' : 'chevronRight'} size="xs" />
    </AriaButton>
  ) : (
    <span className="link-tree__chevron" aria-hidden="true" />
  );
}

/** Document modes with their own icon; any other mode gets the project icon. */
export function documentModeIcon(mode: string): IconName {
  switch (mode) {
    case 'MEDIALIBRARY':
      return 'media';
    case 'LOGOLIBRARY':
      return 'logo';
    case 'ICONLIBRARY':
      return 'icon';
    case 'DOCUMENTLIBRARY':
      return 'document';
    case 'TEXTLIBRARY':
      return 'text';
    case 'TEMPLATELIBRARY':
      return 'template';
    case 'DEFAULT':
      return 'guideline';
    default:
      return 'project';
  }
}

interface Node {
  id: string;
  title: string;
  url: string | null;
  icon: IconName;
  children: Node[];
}

/** The tree as nodes with stable ids; categories have no url and cannot be chosen. */
export function linkTreeNodes(documents: LinkTreeDocument[]): Node[] {
  return documents.map((doc, d) => ({
    id: `d${d}`,
    title: doc.document_title,
    url: doc.url,
    icon: documentModeIcon(doc.document_mode),
    children: doc.categories.map((category, c) => ({
      id: `d${d}c${c}`,
      title: category.category_title,
      url: null,
      icon: 'category',
      children: category.pages.map((page, p) => ({
        id: `d${d}c${c}p${p}`,
        title: page.translated_page_title || page.page_title,
        url: page.url,
        icon: 'page',
        children: (page.headings ?? []).map((heading) => ({
          id: `d${d}c${c}p${p}h${heading.id}`,
          title: heading.title,
          url: heading.url,
          icon: 'heading',
          children: [],
        })),
      })),
    })),
  }));
}

function flatten(nodes: Node[]): Node[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

export interface LinkTreeProps {
  documents: LinkTreeDocument[];
  selectedUrl: string | null;
  onSelect: (url: string) => void;
  label: string;
}

/** The link tree component: a keyboard-operable tree (arrows, Enter) whose leaves and documents can be chosen. */
export function LinkTree({ documents, selectedUrl, onSelect, label }: LinkTreeProps) {
  const nodes = useMemo(() => linkTreeNodes(documents), [documents]);
  const all = useMemo(() => flatten(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Set<Key>>(new Set());
  const selected = all.find((n) => n.url !== null && n.url === selectedUrl);
  return (
    <Tree
      aria-label={label}
      className="link-tree"
      items={nodes}
      selectionMode="single"
      selectedKeys={selected ? [selected.id] : []}
      disabledKeys={all.filter((n) => n.url === null).map((n) => n.id)}
      disabledBehavior="selection"
      expandedKeys={expanded}
      onExpandedChange={setExpanded}
      onSelectionChange={(keys) => {
        if (keys === 'all') return;
        const [first] = [...keys];
        const node = all.find((n) => n.id === first);
        if (node?.url) onSelect(node.url);
      }}
    >
      {function renderNode(node: Node) {
        return (
          <TreeItem id={node.id} textValue={node.title} className="link-tree__item">
            <TreeItemContent>
              {({ hasChildItems, isExpanded }) => (
                <div className="link-tree__row">
                  <LinkTreeChevron hasChildItems={hasChildItems} isExpanded={isExpanded} />
                  <Icon name={node.icon} size="sm" />
                  <span>{node.title}</span>
                </div>
              )}
            </TreeItemContent>
            <Collection items={node.children}>{renderNode}</Collection>
          </TreeItem>
        );
      }}
    </Tree>
  );
}

export const LINK_CHOOSER_MODAL_ID = 'link-chooser';

export interface LinkChooserModalProps {
  /** Loads the tree; without it only a typed url can be chosen. */
  loadTree?: LinkTreeLoader;
  hubId?: number | string | null;
  initial?: LinkValue | null;
  /** Called with the normalised url; not called without a url. */
  onChoose: (value: LinkValue) => void;
  modalId?: string;
}

/**
 * The link chooser modal: titled by the linkchooser key; a typed url or a node of the tree; cancel and
 * choose. A url is required: without one nothing is chosen.
 */
export function LinkChooserModal(props: LinkChooserModalProps) {
  const { t } = useTranslation();
  return (
    <Modal id={props.modalId ?? LINK_CHOOSER_MODAL_ID} title={t('toolkit.linkchooser')} size="lg">
      <LinkChooserBody {...props} />
    </Modal>
  );
}

/** The modal's content; mounted on every opening, so it starts from `initial` each time. */
function LinkChooserBody({ loadTree, hubId = null, initial, onChoose, modalId = LINK_CHOOSER_MODAL_ID }: LinkChooserModalProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [newWindow, setNewWindow] = useState(Boolean(initial?.newWindow));
  const [missing, setMissing] = useState(false);
  const tree = useQuery({
    queryKey: ['toolkit', 'link-tree', hubId ?? null, i18n.language],
    queryFn: ({ signal }) => (loadTree ? loadTree(hubId, i18n.language, signal) : Promise.resolve([])),
    enabled: Boolean(loadTree),
  });
  const choose = () => {
    const value = normaliseLinkUrl(url);
    if (!value) {
      setMissing(true);
      return;
    }
    onChoose({ url: value, hub: hubId, newWindow });
    closeModal(modalId);
  };
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          {t('toolkit.linkChooser.url')}
        </label>
        <input
          id={`${id}-url`}
          className="field__input"
          data-autofocus
          value={url}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setMissing(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              choose();
            }
          }}
        />
        {missing ? (
          <p id={`${id}-missing`} className="field__error">
            {t('toolkit.validation.required')}
          </p>
        ) : null}
      </div>
      <label className="inline-check">
        <input type="checkbox" checked={newWindow} onChange={(e) => setNewWindow(e.target.checked)} />
        {t('toolkit.link.newWindow')}
      </label>
      {loadTree ? (
        tree.isPending ? (
          <LoadingState label={t('toolkit.linkChooser.loading')} />
        ) : tree.isError ? (
          <Alert>{t('toolkit.linkChooser.loadFailed')}</Alert>
        ) : tree.data.length === 0 ? (
          <p className="muted">{t('toolkit.linkChooser.empty')}</p>
        ) : (
          <LinkTree documents={tree.data} selectedUrl={url} onSelect={setUrl} label={t('toolkit.linkChooser.tree')} />
        )
      ) : null}
      <div className="dialog__actions">
        <AriaButton className="button" onPress={() => closeModal(modalId)}>
          {t('common.cancel')}
        </AriaButton>
        <AriaButton className="button button--primary" onPress={choose}>
          {t('toolkit.linkChooser.choose')}
        </AriaButton>
      </div>
    </>
  );
}
