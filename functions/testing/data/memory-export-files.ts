import type { ExportFiles, ExportUpload } from '../../src/data/export-files';

/** The export files' in-memory twin for unit tests. */
export class MemoryExportFiles implements ExportFiles {
  readonly files = new Map<string, { name: string; text: string }>();
  /** Every chunk written, in order, by any upload (the exporter writes one per page). */
  readonly parts: string[] = [];

  async open(key: string, downloadName: string): Promise<ExportUpload> {
    const chunks: string[] = [];
    return {
      write: async (chunk) => {
        chunks.push(chunk);
        this.parts.push(chunk);
      },
      complete: async () => {
        this.files.set(key, { name: downloadName, text: chunks.join('') });
      },
      abort: async () => {
        chunks.length = 0;
      },
    };
  }

  async downloadUrl(key: string, expiresInSeconds: number) {
    return `memory://${key}?expires=${expiresInSeconds}`;
  }
}
