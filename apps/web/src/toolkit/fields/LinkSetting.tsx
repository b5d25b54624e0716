import { normaliseLinkUrl, TOOLKIT_DELAYS } from '@emblem/core';
import { type ReactNode, useState } from 'react';
import { Button as AriaButton, Collection, type Key, Tree, TreeItem, TreeItemContent } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Setting } from '../setting/Setting';
import { Icon } from '../widgets/Icon';
import { LINK_CHOOSER_MODAL_ID, LinkChooserModal, LinkTreeChevron, type LinkTreeLoader, type LinkValue } from '../widgets/LinkChooser';
import { openModal } from '../widgets/Modal';
import type { FieldOptions } from './TextSetting';

export interface LinkSettingProps extends FieldOptions<LinkValue> {
  /** The link chooser's tree (internal links); without it the chooser takes typed urls only. */
  loadTree?: LinkTreeLoader;
  hubId?: number | string | null;
  /** The internal link chooser (shown when a guideline context applies). */
  internal?: boolean;
}

/**
 * Link: a url and "open in a new window"; the url is normalised as the link chooser does (https:// is
 * prepended unless it is a path, a known scheme, mailto: or tel:). The url autosaves after 800 ms.
 */
export function LinkSetting({ loadTree, hubId = null, internal = true, ...props }: LinkSettingProps) {
  const { t } = useTranslation();
  const [chooserId] = useState(() => `${LINK_CHOOSER_MODAL_ID}-${props.name}`);
  return (
    <Setting<LinkValue>
      {...props}
      autosaveDelay={props.autosaveDelay ?? TOOLKIT_DELAYS.linkTextAutosave}
      serialise={props.serialise ?? ((v) => ({ [props.name]: { ...v, url: normaliseLinkUrl(v.url) } }))}
      fromReply={(_reply, sent) => ({ ...sent, url: normaliseLinkUrl(sent.url) })}
      validate={(v) => {
        if (!v.url.trim()) return props.rules?.required ? { [props.name]: t('toolkit.validation.required') } : null;
        return null;
      }}
      renderValue={(v) =>
        v.url ? (
          <span className="link-value">
            <Icon name="link" size="xs" /> {v.url}
            {v.newWindow ? <span className="muted"> · {t('toolkit.link.newWindowShort')}</span> : null}
          </span>
        ) : null
      }
    >
      {(setting) => (
        <div className="composite composite--stack">
          <input
            className="field__input"
            type="text"
            inputMode="url"
            aria-labelledby={setting.labelId}
            // i18n-literal: the start of an address, the same in every language.
            placeholder="https://"
            value={setting.draft.url}
            onChange={(e) => setting.setDraft({ ...setting.draft, url: e.target.value })}
            onBlur={(e) => {
              // Show the normalised form once the user is done typing in the field.
              const normal = normaliseLinkUrl(e.target.value);
              if (normal !== e.target.value) setting.setDraft({ ...setting.draft, url: normal });
            }}
            {...setting.fieldProps()}
          />
          <label className="inline-check">
            <input
              type="checkbox"
              checked={Boolean(setting.draft.newWindow)}
              onChange={(e) => setting.setDraft({ ...setting.draft, newWindow: e.target.checked })}
            />
            {t('toolkit.link.newWindow')}
          </label>
          {internal ? (
            <>
              <AriaButton className="button button--sm" onPress={() => openModal(chooserId)}>
                {t('toolkit.link.choose')}
              </AriaButton>
              <LinkChooserModal
                modalId={chooserId}
                loadTree={loadTree}
                hubId={hubId}
                initial={setting.draft}
                onChoose={(value) => setting.setDraft({ ...setting.draft, ...value })}
              />
            </>
          ) : null}
        </div>
      )}
    </Setting>
  );
}

// ---------------------------------------------------------------------------------------------------------
// Tree

export interface TreeNode {
  id: string | number;
  title: string;
  children?: TreeNode[];
}

export interface TreeSettingProps extends FieldOptions<string | number | null> {
  nodes: TreeNode[];
  /** How the setting's title shows (label, the default, or banner). */
  titleType?: 'label' | 'banner';
  bannerText?: ReactNode;
}

function allIds(nodes: TreeNode[]): (string | number)[] {
  return nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);
}

/** Tree: choose one node of a tree; saved at once. The title shows as a label or as a banner. */
export function TreeSetting({ nodes, titleType = 'label', bannerText, ...props }: TreeSettingProps) {
  const [expanded, setExpanded] = useState<Set<Key>>(() => new Set(allIds(nodes)));
  return (
    <Setting<string | number | null>
      {...props}
      mode="direct"
      hideLabel={titleType === 'banner'}
      className={`setting--tree setting--title-${titleType}`}
    >
      {(setting) => (
        <div className="tree-setting">
          {titleType === 'banner' ? (
            <div className="tree-setting__banner" id={`${setting.id}-banner`}>
              <strong>{props.label}</strong>
              {bannerText ? <span>{bannerText}</span> : null}
            </div>
          ) : null}
          <Tree
            aria-labelledby={titleType === 'banner' ? `${setting.id}-banner` : setting.labelId}
            className="link-tree"
            items={nodes}
            selectionMode="single"
            disallowEmptySelection={false}
            selectedKeys={setting.draft === null ? [] : [setting.draft]}
            expandedKeys={expanded}
            onExpandedChange={setExpanded}
            onSelectionChange={(keys) => {
              if (keys === 'all' || setting.readonly) return;
              const [first] = [...keys];
              setting.change(first === undefined ? null : (first as string | number));
            }}
          >
            {function renderNode(node: TreeNode) {
              return (
                <TreeItem id={node.id} textValue={node.title} className="link-tree__item">
                  <TreeItemContent>
                    {({ hasChildItems, isExpanded }) => (
                      <div className="link-tree__row">
                        <LinkTreeChevron hasChildItems={hasChildItems} isExpanded={isExpanded} />
                        <span>{node.title}</span>
                      </div>
                    )}
                  </TreeItemContent>
                  <Collection items={node.children ?? []}>{renderNode}</Collection>
                </TreeItem>
              );
            }}
          </Tree>
        </div>
      )}
    </Setting>
  );
}
