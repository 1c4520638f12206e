import { Readable, Writable } from 'node:stream';
import type { Db } from '../db/database.js';

/** About 1 MB per row of report_file_chunks: few rows, little memory. */
const CHUNK_BYTES = 1 << 20;

/**
 * Report files in the database (report_file_chunks, migration 0011), so every
 * server process can serve any file and nothing lives on one machine's disk.
 * Written and read one chunk at a time: memory does not grow with the file.
 */
export function reportFiles(db: Db) {
  return {
    /**
     * A writable that stores what it is given under `runId`, in chunks of
     * CHUNK_BYTES (earlier chunks of the run are removed first, for a retried
     * run). `bytesWritten()` is the size so far.
     */
    async writer(runId: number): Promise<Writable & { bytesWritten(): number }> {
      await db.deleteFrom('report_file_chunks').where('report_run_id', '=', runId).execute();
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let seq = 0;
      let total = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db.insertInto('report_file_chunks').values({ report_run_id: runId, seq: seq++, bytes }).execute();
      };
      const stream = new Writable({
        highWaterMark: CHUNK_BYTES,
        write(chunk: Buffer, _encoding, callback) {
          pending.push(chunk);
          pendingBytes += chunk.length;
          total += chunk.length;
          if (pendingBytes < CHUNK_BYTES) return callback();
          flush().then(() => callback(), callback);
        },
        final(callback) {
          flush().then(() => callback(), callback);
        },
      });
      return Object.assign(stream, { bytesWritten: () => total });
    },

    /** The stored file of `runId`, read one chunk at a time as the reader asks. */
    reader(runId: number): Readable {
      let seq = 0;
      return new Readable({
        highWaterMark: 1,
        read() {
          db.selectFrom('report_file_chunks')
            .select('bytes')
            .where('report_run_id', '=', runId)
            .where('seq', '=', seq++)
            .executeTakeFirst()
            .then(
              (row) => this.push(row ? Buffer.from(row.bytes) : null),
              (err: Error) => this.destroy(err),
            );
        },
      });
    },

    async remove(runId: number): Promise<void> {
      await db.deleteFrom('report_file_chunks').where('report_run_id', '=', runId).execute();
    },
  };
}

export const REPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** alarmActivity-42-20261124.csv: the report, the run and the day it ran (in its time zone). */
export function reportFileName(reportId: string, runId: number, format: keyof typeof REPORT_CONTENT_TYPES, day: string): string {
  return `${reportId}-${runId}-${day}.${format}`;
}
