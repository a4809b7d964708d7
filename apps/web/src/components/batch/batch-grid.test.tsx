import type { BatchItem, BatchView } from '@lumigen/contract/batches';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBatch } from '../../lib/batches.ts';
import { creditAnswer } from '../../test/answers.ts';
import { mockServer } from '../../test/mock-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { polyfillDialog } from '../ui/dialog-test-kit.ts';
import { ModalDialog } from '../ui/modal-dialog.tsx';
import { BatchGrid } from './batch-grid.tsx';

vi.mock('../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const batchId = '77777777-7777-4777-8777-777777777777';
const item = (name: string, status: BatchItem['status'], extra: Partial<BatchItem> = {}): BatchItem => ({
  name,
  status,
  jobId: null,
  imageId: null,
  message: null,
  progress: 0,
  step: 1,
  steps: 1,
  ...extra,
});
const done = item('one.png', 'succeeded', { imageId: '88888888-8888-4888-8888-888888888888', progress: 100 });
const canceled = { message: 'Canceled; your credit was refunded.' } as const;
const working: BatchView = {
  id: batchId,
  tool: 'upscale',
  recipeId: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  items: [done, item('two.png', 'running', { progress: 40 }), item('three.png', 'queued')],
};
const stopped: BatchView = {
  ...working,
  items: [done, item('two.png', 'canceled', canceled), item('three.png', 'canceled', canceled)],
};

let batch: BatchView;
let server: ReturnType<typeof mockServer>;
const callsTo = (method: string, path: string) => server.callsTo(method, path);

/** The server of a batch that `POST …/cancel` stops: its GET answers it as it stands. */
function stubServer() {
  server = mockServer({
    'POST /api/image/get-credit': creditAnswer({ creditBalance: 3, emailVerified: true }),
    [`GET /api/batches/${batchId}`]: () => [200, { success: true, batch }],
    [`POST /api/batches/${batchId}/cancel`]: () => {
      batch = stopped;
      return [200, { success: true, batch }];
    },
  });
}

/** The grid as a page holds it: the batch polled, inside a dialog when `onDialogClose` is given (a recipe's run). */
function Followed({ onDialogClose }: { onDialogClose?: () => void }) {
  const followed = useBatch(batchId);
  const grid = <BatchGrid files={[]} batch={followed.data} fileName="lumigen-upscale.zip" />;
  return onDialogClose ? (
    <ModalDialog title="Run “Shop listing”" onClose={onDialogClose}>
      {grid}
    </ModalDialog>
  ) : (
    grid
  );
}

function renderGrid(onDialogClose?: () => void) {
  return renderWithProviders(<Followed onDialogClose={onDialogClose} />, { token: 'valid-token' });
}

const grid = () => within(screen.getByRole('region', { name: 'Batch' }));

describe('cancelling the rest of a batch', () => {
  beforeEach(() => {
    localStorage.clear();
    batch = working;
    stubServer();
    polyfillDialog();
    URL.createObjectURL = vi.fn(() => 'blob:result');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks first, then shows the unfinished pictures canceled and reloads the balance; the finished one stays', async () => {
    const person = userEvent.setup();
    renderGrid();
    await person.click(await grid().findByRole('button', { name: 'Cancel the rest' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel the 2 unfinished pictures?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep them' }));
    await person.click(within(confirm).getByRole('button', { name: 'Keep them' }));
    expect(callsTo('POST', `/api/batches/${batchId}/cancel`)).toEqual([]);

    const creditLoads = callsTo('POST', '/api/image/get-credit').length;
    await person.click(grid().getByRole('button', { name: 'Cancel the rest' }));
    await person.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel 2 pictures' }));
    expect(await grid().findByText('1 of 3 done · 2 canceled, refunded')).toBeTruthy();
    expect(grid().getAllByText('Canceled; your credit was refunded.')).toHaveLength(2);
    expect(grid().getByText('Done')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(grid().queryByRole('button', { name: 'Cancel the rest' })).toBeNull();
    expect(callsTo('POST', `/api/batches/${batchId}/cancel`)).toHaveLength(1);
    await waitFor(() => expect(callsTo('POST', '/api/image/get-credit').length).toBeGreaterThan(creditLoads));
  });

  it('offers nothing to cancel once every picture is over', async () => {
    batch = stopped;
    renderGrid();
    expect(await grid().findByText('1 of 3 done · 2 canceled, refunded')).toBeTruthy();
    expect(grid().queryByRole('button', { name: 'Cancel the rest' })).toBeNull();
  });

  it("in a recipe's run dialog, Escape on the question closes the question only", async () => {
    const person = userEvent.setup();
    const closeRun = vi.fn();
    renderGrid(closeRun);
    await person.click(await grid().findByRole('button', { name: 'Cancel the rest' }));
    // The browser turns Escape on a modal dialog into a cancel event.
    fireEvent(
      screen.getByRole('dialog', { name: 'Cancel the 2 unfinished pictures?' }),
      new Event('cancel', { cancelable: true }),
    );
    expect(screen.queryByRole('dialog', { name: 'Cancel the 2 unfinished pictures?' })).toBeNull();
    expect(closeRun).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Run “Shop listing”' })).toBeTruthy();
  });
});
