import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderToolkit } from '../test/render';
import { FEATURE_UPGRADE_EVENT, FeatureEnableLink, TAB_SWITCHED_EVENT, ToolkitTabs } from './Tabs';

describe('tabs', () => {
  it('selecting a tab shows its pane and fires the tab-switched event', async () => {
    const heard = vi.fn();
    document.addEventListener(TAB_SWITCHED_EVENT, heard);
    const onSwitch = vi.fn();
    const { user } = renderToolkit(
      <ToolkitTabs
        label="Sections"
        defaultSelectedId="a"
        onSwitch={onSwitch}
        tabs={[
          { id: 'a', label: 'One', count: 4, content: <p>Pane one</p> },
          { id: 'b', label: 'Two', content: <p>Pane two</p> },
        ]}
      />,
    );
    expect(screen.getByText('Pane one')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'One 4' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByText('Pane two')).toBeTruthy();
    expect(onSwitch).toHaveBeenCalledWith('b');
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ tabId: 'b' });
    document.removeEventListener(TAB_SWITCHED_EVENT, heard);
  });

  it('the feature-enable link starts the upgrade flow for its feature', async () => {
    const heard = vi.fn();
    window.addEventListener(FEATURE_UPGRADE_EVENT, heard);
    const onStart = vi.fn();
    const { user } = renderToolkit(<FeatureEnableLink feature="ANALYTICS" onStart={onStart} />);
    await user.click(screen.getByRole('button', { name: 'Enable this feature' }));
    expect(onStart).toHaveBeenCalledWith('ANALYTICS');
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ feature: 'ANALYTICS' });
    window.removeEventListener(FEATURE_UPGRADE_EVENT, heard);
  });
});
