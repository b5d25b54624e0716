/**
 * Sections sharing a group id: without the script every tab shows under its title; here they become ARIA tabs
 * (one tab list, arrow keys, Home and End), the panels' own titles hidden since the tabs name them.
 */
export function setUpTabs(root: ParentNode): void {
  for (const group of root.querySelectorAll<HTMLElement>('[data-tabs]')) {
    const panels = [...group.querySelectorAll<HTMLElement>(':scope > .tabs__panel')];
    if (panels.length < 2) continue;
    const list = document.createElement('div');
    list.className = 'tabs__list';
    list.setAttribute('role', 'tablist');
    const tabs = panels.map((panel, i) => {
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'tabs__tab';
      tab.id = `tab-${panel.id}`;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', panel.id);
      tab.textContent = panel.dataset.tabTitle ?? `Tab ${i + 1}`;
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
      const title = panel.querySelector<HTMLElement>(':scope > .tabs__title');
      if (title) title.hidden = true;
      tab.addEventListener('click', () => select(group, i));
      tab.addEventListener('keydown', (event) => {
        const next =
          event.key === 'ArrowRight'
            ? (i + 1) % panels.length
            : event.key === 'ArrowLeft'
              ? (i - 1 + panels.length) % panels.length
              : event.key === 'Home'
                ? 0
                : event.key === 'End'
                  ? panels.length - 1
                  : -1;
        if (next < 0) return;
        event.preventDefault();
        select(group, next);
        tabs[next]?.focus();
      });
      return tab;
    });
    list.append(...tabs);
    group.prepend(list);
    group.classList.add('tabs--ready');
    select(group, 0);
  }
}

function select(group: HTMLElement, index: number): void {
  const panels = [...group.querySelectorAll<HTMLElement>(':scope > .tabs__panel')];
  const tabs = [...group.querySelectorAll<HTMLButtonElement>(':scope > .tabs__list > .tabs__tab')];
  panels.forEach((panel, i) => {
    panel.hidden = i !== index;
    const tab = tabs[i];
    if (!tab) return;
    tab.setAttribute('aria-selected', String(i === index));
    tab.tabIndex = i === index ? 0 : -1;
  });
}

/** Shows the tab holding `element`, when it sits in a hidden tab panel. */
export function revealTab(element: Element): void {
  const panel = element.closest<HTMLElement>('.tabs__panel');
  const group = panel?.parentElement;
  if (!panel || !group?.matches('[data-tabs].tabs--ready') || !panel.hidden) return;
  const index = [...group.querySelectorAll(':scope > .tabs__panel')].indexOf(panel);
  if (index >= 0) select(group, index);
}
