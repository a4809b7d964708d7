import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Ticker, TickerGroup } from './ticker.tsx';

afterEach(cleanup);

describe('Ticker', () => {
  it('repeats its items for the loop but exposes them once, and only once to the keyboard', () => {
    const { container } = renderWithProviders(
      <TickerGroup label="tool bands">
        <Ticker
          items={['Upscale', 'Cleanup']}
          copies={3}
          render={(item, copy) => (
            <Link to={`/${item}`} tabIndex={copy ? -1 : undefined}>
              {item}
            </Link>
          )}
        />
      </TickerGroup>,
    );

    const lists = container.querySelectorAll('ul');
    expect(lists).toHaveLength(3);
    expect([...lists].map((list) => list.getAttribute('aria-hidden'))).toEqual([null, 'true', 'true']);
    // Accessible queries skip aria-hidden content: each link is announced once.
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Upscale', 'Cleanup']);
    const focusable = [...container.querySelectorAll('a')].filter((link) => link.tabIndex >= 0);
    expect(focusable).toHaveLength(2);
  });

  it('has a pause button that stops the band and can start it again', async () => {
    const { container } = render(
      <TickerGroup label="brand logos">
        <Ticker items={['A']} render={(item) => item} />
      </TickerGroup>,
    );
    const group = container.firstElementChild!;

    const user = userEvent.setup();

    expect(group.hasAttribute('data-paused')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pause brand logos' }));
    expect(group.hasAttribute('data-paused')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Play brand logos' }));
    expect(group.hasAttribute('data-paused')).toBe(false);
  });
});
