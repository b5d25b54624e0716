import { type ReactNode, useRef } from 'react';
import { Button as AriaButton, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useTranslation } from 'react-i18next';

/** Selecting a tab activates its pane and header item and fires a tab-switched event. */
export const TAB_SWITCHED_EVENT = 'emblem:tab-switched';
/** The feature-enable link starts the upgrade flow for a named feature. */
export const FEATURE_UPGRADE_EVENT = 'emblem:feature-upgrade';

export interface ToolkitTab {
  id: string;
  label: ReactNode;
  content: ReactNode;
  /** A count badge after the label. */
  count?: number;
  isDisabled?: boolean;
}

export interface ToolkitTabsProps {
  label: string;
  tabs: ToolkitTab[];
  selectedId?: string;
  defaultSelectedId?: string;
  onSwitch?: (id: string) => void;
  className?: string;
}

/**
 * Tab strip. The tab-switched event bubbles from the tab strip with `detail.tabId`, so code that is not a
 * parent (a preview, analytics) can follow the switch.
 */
export function ToolkitTabs({ label, tabs, selectedId, defaultSelectedId, onSwitch, className }: ToolkitTabsProps) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <Tabs
      ref={ref}
      className={['tabs', className ?? ''].filter(Boolean).join(' ')}
      selectedKey={selectedId}
      defaultSelectedKey={defaultSelectedId}
      disabledKeys={tabs.filter((t) => t.isDisabled).map((t) => t.id)}
      onSelectionChange={(key) => {
        const tabId = String(key);
        onSwitch?.(tabId);
        (ref.current ?? window).dispatchEvent(new CustomEvent(TAB_SWITCHED_EVENT, { bubbles: true, detail: { tabId } }));
      }}
    >
      <TabList aria-label={label} className="tabs__list">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className="tabs__tab" data-tab-id={tab.id}>
            {tab.label}
            {tab.count !== undefined ? <span className="tabs__count">{tab.count}</span> : null}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className="tabs__panel">
          {tab.content}
        </TabPanel>
      ))}
    </Tabs>
  );
}

/**
 * The feature-enable link: asks the upgrade flow to enable `feature`. The flow listens for the
 * feature-upgrade event on window (detail.feature); `onStart` runs first.
 */
export function FeatureEnableLink({
  feature,
  children,
  onStart,
}: {
  feature: string;
  children?: ReactNode;
  onStart?: (feature: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <AriaButton
      className="link-button"
      onPress={() => {
        onStart?.(feature);
        window.dispatchEvent(new CustomEvent(FEATURE_UPGRADE_EVENT, { detail: { feature } }));
      }}
    >
      {children ?? t('toolkit.tabs.enableFeature')}
    </AriaButton>
  );
}
