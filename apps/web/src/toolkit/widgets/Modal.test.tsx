import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToolkit } from '../test/render';
import { closeModal, MODAL_OPENED_EVENT, Modal, ModalTrigger, openModal, openModalCount, resetModals } from './Modal';

beforeEach(() => {
  resetModals();
});

function Harness() {
  return (
    <>
      <ModalTrigger modalId="first">Open first</ModalTrigger>
      <Modal id="first" title="First">
        <input aria-label="Inside first" />
        <ModalTrigger modalId="second">Open second</ModalTrigger>
      </Modal>
      <Modal id="second" title="Second" size="sm">
        <p>Second modal</p>
      </Modal>
      <Modal id="locked" title="Locked" closeable={false}>
        <p>Cannot close</p>
      </Modal>
    </>
  );
}

const overlay = (id: string) =>
  document.querySelector<HTMLElement>(`[data-modal-overlay="${id}"]`) ??
  document.querySelector<HTMLElement>(`[data-modal="${id}"]`)?.parentElement;

describe('modal', () => {
  it('opens from an element carrying the modal id, stacks with a counter and z-index 2000 + 2 per open modal', async () => {
    const { user } = renderToolkit(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    expect(await screen.findByRole('dialog', { name: 'First' })).toBeTruthy();
    expect(openModalCount()).toBe(1);
    expect(document.querySelector<HTMLElement>('[data-modal="first"]')?.style.zIndex).toBe('2001');
    await user.click(screen.getByRole('button', { name: 'Open second' }));
    expect(await screen.findByRole('dialog', { name: 'Second' })).toBeTruthy();
    expect(openModalCount()).toBe(2);
    expect(document.querySelector<HTMLElement>('[data-modal="second"]')?.style.zIndex).toBe('2003');
    expect(overlay('second')?.style.zIndex).toBe('2002');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(openModalCount()).toBe(1));
    expect(screen.getByRole('dialog', { name: 'First' })).toBeTruthy();
  });

  it('traps Tab inside and returns focus to the opener on close', async () => {
    const { user } = renderToolkit(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open first' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'First' });
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'First' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a modal that is not closeable ignores Escape and plain closes; a forced close works', async () => {
    renderToolkit(<Harness />);
    act(() => openModal('locked'));
    const dialog = await screen.findByRole('dialog', { name: 'Locked' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closeModal('locked')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Locked' })).toBeTruthy();
    act(() => {
      expect(closeModal('locked', { force: true })).toBe(true);
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Locked' })).toBeNull());
  });

  it('fires the modal-opened event 200 ms after opening', async () => {
    vi.useFakeTimers();
    const heard = vi.fn();
    window.addEventListener(MODAL_OPENED_EVENT, heard);
    const onOpened = vi.fn();
    renderToolkit(
      <Modal id="timed" title="Timed" onOpened={onOpened}>
        <p>x</p>
      </Modal>,
      { fakeTimers: true },
    );
    act(() => openModal('timed'));
    act(() => vi.advanceTimersByTime(199));
    expect(heard).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(heard).toHaveBeenCalledTimes(1);
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ id: 'timed' });
    expect(onOpened).toHaveBeenCalledTimes(1);
    window.removeEventListener(MODAL_OPENED_EVENT, heard);
  });

  it('the close button closes a closeable modal and tells the owner', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderToolkit(
      <Modal id="c" title="Closeable" onClose={onClose}>
        <p>x</p>
      </Modal>,
    );
    act(() => openModal('c', { fullPage: true, modifier: 'wide' }));
    await screen.findByRole('dialog', { name: 'Closeable' });
    expect(document.querySelector('[data-modal="c"]')?.className).toContain('modal--full');
    expect(document.querySelector('[data-modal="c"]')?.className).toContain('modal--wide');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
