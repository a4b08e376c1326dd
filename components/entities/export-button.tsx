'use client';

import { Download, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { createCsvRecordCounter } from '@/lib/csv';
import { LIST_PARAMS } from '@/lib/entities/list-state';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; rows: number; total: number | null }
  | { phase: 'done'; rows: number }
  | { phase: 'failed'; message: string };

const number = (value: number) => value.toLocaleString('en-US');

function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    failure?: { message?: string; requestId?: string | null };
  } | null;
  const message = body?.failure?.message ?? body?.message ?? `The export failed (HTTP ${response.status}).`;
  return body?.failure?.requestId ? `${message} Request id: ${body.failure.requestId}` : message;
}

/**
 * Exports every row of the current filtered view as CSV: the rows stream in from the console's
 * export route while the button counts them against the total, then the file is saved.
 */
export function ExportButton({ entity }: { entity: string }) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  // Leaving the page ends the export and its reads at the service.
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    // The list's filters, order and shown columns, as the browser's own query has them.
    const params = new URLSearchParams(window.location.search);
    // All pages, whatever page the table shows.
    params.delete(LIST_PARAMS.page);
    params.delete(LIST_PARAMS.size);
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'running', rows: 0, total: null });
    try {
      const response = await fetch(`/api/export/${encodeURIComponent(entity)}?${params}`, {
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        setState({ phase: 'failed', message: await failureMessage(response) });
        return;
      }
      const total = Number(response.headers.get('x-total-count'));
      const known = Number.isFinite(total) ? total : null;
      const counter = createCsvRecordCounter();
      const decoder = new TextDecoder();
      const parts: Uint8Array<ArrayBuffer>[] = [];
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parts.push(value);
        // The first record is the header.
        const rows = Math.max(0, counter.push(decoder.decode(value, { stream: true })) - 1);
        setState({ phase: 'running', rows, total: known });
      }
      const rows = Math.max(0, counter.records - 1);
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, `${entity}.csv`);
      link.click();
      // Give the browser the moment it needs to start the download before the URL goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState({ phase: 'done', rows });
    } catch (error) {
      if (controller.signal.aborted) setState({ phase: 'idle' });
      else
        setState({
          phase: 'failed',
          message: `The export stopped: ${error instanceof Error ? error.message : 'connection lost'}. No file was saved.`,
        });
    } finally {
      abort.current = null;
    }
  };

  return (
    <div className="flex items-center gap-2">
      {state.phase === 'running' ? (
        <>
          <progress
            className="h-2 w-32"
            aria-label="Export progress"
            value={state.rows}
            max={state.total && state.total > 0 ? state.total : undefined}
          />
          <span
            className="text-xs whitespace-nowrap text-muted-foreground tabular-nums"
            role="status"
            data-testid="export-status"
          >
            {number(state.rows)}
            {state.total === null ? '' : ` of ${number(state.total)}`} rows
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            <X aria-hidden /> Cancel export
          </Button>
        </>
      ) : (
        <>
          {state.phase === 'done' ? (
            <span className="text-xs whitespace-nowrap text-muted-foreground" role="status" data-testid="export-status">
              Exported {number(state.rows)} rows
            </span>
          ) : null}
          {state.phase === 'failed' ? (
            <span className="max-w-80 text-xs text-destructive" role="alert" data-testid="export-status">
              {state.message}
            </span>
          ) : null}
          <Button type="button" variant="outline" size="sm" onClick={run}>
            <Download aria-hidden /> Export CSV
          </Button>
        </>
      )}
    </div>
  );
}
