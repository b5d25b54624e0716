import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Drawer, type DrawerPlacement } from './Drawer';

/** Drawer timing, focus and closing. */
const DRAWER_CLOSE_DELAY_MS = 500;
const DRAWER_FOCUS_DELAY_MS = 1000;

function Harness({ onClose, placement }: { onClose: () => void; placement?: DrawerPlacement }) {
  const [open, setOpen] = useState(true);
  return (
    <div>
      <button type="button">Outside button</button>
      <div role="dialog" aria-label="Other dialog">
        <button type="button">Inside other dialog</button>
      </div>
      <div data-popover="">
        <span>In a popover</span>
      </div>
      <div role="listbox" aria-label="Options">
        <div role="option" aria-selected="false" tabIndex={-1}>
          Option
        </div>
      </div>
      {open ? (
        <Drawer
          label="Test drawer"
          placement={placement}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <button type="button">First action</button>
          <p>Drawer content</p>
        </Drawer>
      ) : null}
    </div>
  );
}

describe('Drawer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled modal dialog', () => {
    render(<Harness onClose={() => {}} />);
    const drawer = screen.getByRole('dialog', { name: 'Test drawer' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(drawer.getAttribute('data-placement')).toBe('right');
  });

  it('closes on Escape after the 500 ms exit animation', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const drawer = screen.getByRole('dialog', { name: 'Test drawer' });
    expect(drawer.getAttribute('data-state')).toBe('closing');
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Test drawer' })).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Test drawer' })).toBeNull();
  });

  it('ignores other keys', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS * 2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a press outside it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Outside button' }));
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on a press inside it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.pointerDown(screen.getByText('Drawer content'));
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS * 2));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stays open on presses inside another dialog, a popover or a listbox', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside other dialog' }));
    fireEvent.pointerDown(screen.getByText('In a popover'));
    fireEvent.pointerDown(screen.getByRole('option', { name: 'Option' }));
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS * 2));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Test drawer' }).getAttribute('data-state')).toBe('open');
  });

  it('closes with its close button', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(DRAWER_CLOSE_DELAY_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('moves focus into the drawer after the focus delay', () => {
    render(<Harness onClose={() => {}} />);
    const first = screen.getByRole('button', { name: 'Close' });
    act(() => vi.advanceTimersByTime(DRAWER_FOCUS_DELAY_MS - 1));
    expect(document.activeElement).not.toBe(first);
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(first);
  });

  it('uses the placement class for left, top and bottom', () => {
    render(<Harness onClose={() => {}} placement="bottom" />);
    const drawer = screen.getByRole('dialog', { name: 'Test drawer' });
    expect(drawer.className).toContain('drawer--bottom');
    expect(drawer.style.maxHeight).toBe('600px');
  });
});
