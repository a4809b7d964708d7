import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Accordion } from './accordion.tsx';

afterEach(cleanup);

const items = ['One', 'Two', 'Three'].map((title) => ({
  id: title.toLowerCase(),
  title,
  content: <p>{`${title}'s answer`}</p>,
}));
const expanded = () => screen.getAllByRole('button').map((button) => button.getAttribute('aria-expanded'));

describe('Accordion', () => {
  it('opens the first item, one at a time, and closes the open one when it is clicked', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    expect(expanded()).toEqual(['true', 'false', 'false']);
    // Only the open item's answer is shown, as a region named by its question.
    expect(screen.getByRole('region', { name: 'One' }).textContent).toBe("One's answer");
    expect(screen.queryByRole('region', { name: 'Two' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Three' }));
    expect(expanded()).toEqual(['false', 'false', 'true']);
    expect(screen.getByRole('region', { name: 'Three' }).hidden).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Three' }));
    expect(expanded()).toEqual(['false', 'false', 'false']);
  });

  it('keeps closed answers in the page, hidden, and puts the questions under headings of the given level', () => {
    const { container } = render(<Accordion items={items} headingLevel={2} defaultOpenFirst={false} />);
    expect(expanded()).toEqual(['false', 'false', 'false']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['One', 'Two', 'Three']);
    expect(container.textContent).toContain("Two's answer");
    const button = screen.getByRole('button', { name: 'Two' });
    expect(document.getElementById(button.getAttribute('aria-controls')!)?.hidden).toBe(true);
  });

  it('moves between questions with the arrow keys, Home and End, and opens one with Enter', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(screen.getByRole('button', { name: 'One' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Two' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Three' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'One' }));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Three' }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'One' }));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(expanded()).toEqual(['false', 'true', 'false']);
  });
});
