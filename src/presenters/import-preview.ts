import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '../domain/import-columns.js';

/** A read file as the import validation gives it (src/validation/customer-import.validation.ts). */
export interface PreviewSource {
  encoding: string;
  separator: string;
  ignoredColumns: string[];
  rows: ReadonlyArray<{
    row: number;
    values: Readonly<Record<ImportField, string>>;
    customer: Readonly<Record<ImportField, string | null>> | null;
    errors: Readonly<Partial<Record<ImportField, string>>>;
  }>;
}

const ENCODING_LABELS: Readonly<Record<string, string>> = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16 (Unicode metin)',
  'windows-1254': 'Windows-1254 (Türkçe Excel)',
};

const SEPARATOR_LABELS: Readonly<Record<string, string>> = {
  ';': 'noktalı virgül (;)',
  ',': 'virgül (,)',
  '\t': 'sekme (tab)',
};

export interface PreviewCell {
  field: ImportField;
  label: string;
  /** What will be stored (a valid row), or what the cell held (a refused one). */
  value: string;
  error: string | null;
}

export interface PreviewRow {
  row: number;
  slug: string | null;
  /** True when the slug got a `-N`: a namesake in the file or already a customer. */
  renamed: boolean;
  cells: PreviewCell[];
  errorCount: number;
}

export interface ImportPreviewView {
  rows: PreviewRow[];
  total: number;
  errorRows: PreviewRow[];
  encoding: string;
  separator: string;
  ignoredColumns: string[];
}

function previewRow(row: PreviewSource['rows'][number], slug: string | null): PreviewRow {
  const cells = IMPORT_FIELDS.map((field): PreviewCell => ({
    field,
    label: IMPORT_FIELD_LABELS[field],
    value: row.customer ? (row.customer[field] ?? '') : row.values[field],
    error: row.errors[field] ?? null,
  }));
  return { row: row.row, slug, renamed: slug !== null && /-\d+$/.test(slug), cells, errorCount: cells.filter((c) => c.error).length };
}

/** What views/admin/import.ejs shows of a read file. */
export function importPreviewView(sheet: PreviewSource, slugs: ReadonlyArray<string | null>): ImportPreviewView {
  const rows = sheet.rows.map((row, i) => previewRow(row, slugs[i] ?? null));
  return {
    rows,
    total: rows.length,
    errorRows: rows.filter((row) => row.errorCount > 0),
    encoding: ENCODING_LABELS[sheet.encoding] ?? sheet.encoding,
    separator: SEPARATOR_LABELS[sheet.separator] ?? sheet.separator,
    ignoredColumns: sheet.ignoredColumns,
  };
}
