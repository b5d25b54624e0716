import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderToolkit } from '../test/render';
import { ToolkitButton } from './ToolkitButton';

describe('button', () => {
  it('has type, size, style and background', () => {
    renderToolkit(
      <ToolkitButton type="submit" size="large" buttonStyle="danger" background="black-90">
        Go
      </ToolkitButton>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.className).toContain('tk-button--large');
    expect(button.className).toContain('tk-button--danger');
    expect(button.className).toContain('tk-button--on-black-90');
  });

  it('ignores clicks when disabled', async () => {
    const onPress = vi.fn();
    const { user } = renderToolkit(
      <ToolkitButton isDisabled onPress={onPress}>
        Off
      </ToolkitButton>,
    );
    await user.click(screen.getByRole('button', { name: 'Off' }));
    expect(onPress).not.toHaveBeenCalled();
  });

  it('in progress: a spinner replaces the icon and clicks are ignored', async () => {
    const onPress = vi.fn();
    const { user, rerender } = renderToolkit(
      <ToolkitButton icon={<span data-testid="icon">+</span>} onPress={onPress}>
        Save
      </ToolkitButton>,
    );
    expect(screen.getByTestId('icon')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).toHaveBeenCalledTimes(1);
    rerender(
      <ToolkitButton icon={<span data-testid="icon">+</span>} onPress={onPress} inProgress>
        Save
      </ToolkitButton>,
    );
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(screen.getByRole('img', { name: 'In progress' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
