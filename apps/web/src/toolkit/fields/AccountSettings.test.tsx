import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { DeleteConfirmation, deleteFailure } from './DeleteConfirmation';
import { EmailChangeSetting } from './EmailChangeSetting';
import { PasswordSetting } from './PasswordSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('password', () => {
  const current = () => screen.getByLabelText('Current password') as HTMLInputElement;
  const next = () => screen.getByLabelText('New password') as HTMLInputElement;

  it('sends password and password_new; a refusal shows error under the current password (cleared) and error_types under the new', async () => {
    const { calls } = fakeServer({
      'PUT /api/user/1/password': {
        status: 422,
        body: { success: false, error: 'The current password is wrong', error_types: [{ message: 'Too common' }] },
      },
    });
    const { user } = renderToolkit(<PasswordSetting label="Password" api="/api/user/1/password" method="PUT" />);
    await user.type(current(), 'old-password');
    await user.type(next(), 'new-password-123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is wrong')).toBeTruthy();
    expect(screen.getByText('Too common')).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ password: 'old-password', password_new: 'new-password-123', i18n: 'en' }]);
    expect(current().value).toBe('');
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(next().getAttribute('aria-describedby')).toBe(document.querySelector('[data-field="password_new"]')?.id);
    expect(next().value).toBe('new-password-123');
  });

  it('checks the fields on submit and confirms a change', async () => {
    const { calls } = fakeServer({ 'POST /api/pw': { data: null } });
    const { user } = renderToolkit(<PasswordSetting label="Password" api="/api/pw" minLength={10} />);
    await user.type(next(), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Please enter at least 10 characters.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.type(current(), 'old-password');
    await user.type(next(), '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeTruthy();
    expect(current().value).toBe('');
  });
});

describe('e-mail change', () => {
  it('submit is disabled while unchanged; a change opens the confirm-changed dialog', async () => {
    const { calls } = fakeServer({ 'POST /api/user/1/email': { body: { success: true } } });
    const { user } = renderToolkit(
      <EmailChangeSetting
        label="E-mail"
        email="a@example.com"
        verifiedAt="2026-01-01"
        api="/api/user/1/email"
        verifyApi="/api/user/1/email-verification"
      />,
    );
    expect(screen.getByText('Verified')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Change e-mail' });
    expect(submit.hasAttribute('disabled') || submit.getAttribute('aria-disabled') === 'true').toBe(true);
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    await user.clear(field);
    await user.type(field, 'b@example.com');
    await user.click(submit);
    expect(await screen.findByRole('dialog', { name: 'Confirm your new e-mail address' })).toBeTruthy();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'b@example.com', i18n: 'en' }]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    // The new address is not verified yet.
    expect(screen.getByRole('button', { name: 'Verify e-mail address' })).toBeTruthy();
  });

  it('an unverified address offers verification; the request opens the verify dialog', async () => {
    const { calls } = fakeServer({ 'POST /api/user/1/email-verification': { body: { success: true } } });
    const { user } = renderToolkit(
      <EmailChangeSetting label="E-mail" email="a@example.com" verifiedAt={null} api="/api/x" verifyApi="/api/user/1/email-verification" />,
    );
    await user.click(screen.getByRole('button', { name: 'Verify e-mail address' }));
    expect(await screen.findByRole('dialog', { name: 'Verify your e-mail address' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/user/1/email-verification']);
    // The address shown is the one verified.
    expect(calls[0]?.body).toEqual({ email: 'a@example.com', i18n: 'en' });
  });

  it('a failure opens the general-error dialog and resets the form', async () => {
    fakeServer({ 'POST /api/user/1/email': { status: 409, body: { success: false, error: 'This address is taken' } } });
    const { user } = renderToolkit(
      <EmailChangeSetting label="E-mail" email="a@example.com" verifiedAt={null} api="/api/user/1/email" verifyApi="/api/v" />,
    );
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    await user.clear(field);
    await user.type(field, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog.textContent).toContain('This address is taken');
    expect((field as HTMLInputElement).value).toBe('a@example.com');
  });
});

describe('delete confirmation', () => {
  it('button, confirmation, then cancel or delete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = fakeServer({ 'DELETE /api/thing/1': { data: null } });
    const onDeleted = vi.fn();
    const { user } = renderToolkit(
      <DeleteConfirmation label="Delete thing…" subject="the thing" api="/api/thing/1" onDeleted={onDeleted} />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete thing…' }));
    expect(screen.getByRole('group', { name: 'Delete the thing? This cannot be undone.' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete thing…' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('the thing was deleted.')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(390);
    expect(onDeleted).toHaveBeenCalled();
  });

  it('a failure shows the error panel with error_message and the link', async () => {
    fakeServer({
      'DELETE /api/thing/1': {
        status: 409,
        body: { success: false, error_message: 'Still in use', link: { url: '/where', text: 'See where' } },
      },
    });
    const { user } = renderToolkit(<DeleteConfirmation label="Delete thing…" subject="the thing" api="/api/thing/1" />);
    await user.click(screen.getByRole('button', { name: 'Delete thing…' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Still in use')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See where' }).getAttribute('href')).toBe('/where');
    expect(deleteFailure({ error: 'E' }, 'fallback')).toEqual({ message: 'E' });
    expect(deleteFailure(null, 'fallback')).toEqual({ message: 'fallback' });
  });

  it('a referenced item goes to the block-references handler', async () => {
    fakeServer({ 'DELETE /api/thing/1': { body: { success: false, referenced: [{ block: 1 }] } } });
    const onReferenced = vi.fn();
    const { user } = renderToolkit(
      <DeleteConfirmation label="Delete thing…" subject="the thing" api="/api/thing/1" onReferenced={onReferenced} />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete thing…' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onReferenced).toHaveBeenCalledWith({ success: false, referenced: [{ block: 1 }] }));
  });
});
