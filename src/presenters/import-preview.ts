import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from '../domain/import-columns.js';

/** A read file as the import validation gives it (src/validation/customer-import.validation.ts). */
export interface PreviewSource {
  encoding: string;
  separator: string;
  ignoredColumns: string[];
  /** The fields the file has a column for. */
  fields: readonly ImportField[];
  rows: ReadonlyArray<{
    row: number;
    values: Readonly<Record<ImportField, string>>;
    customer: Readonly<Record<ImportField, string | null>> | null;
    errors: Readonly<Partial<Record<ImportField, string>>>;
    notes: Readonly<Partial<Record<ImportField, string>>>;
  }>;
}

/**
 * The preview table's columns after the profile address, in order. The business and the address
 * share a column each, their parts on one line (a table of 500 rows stays readable on a phone),
 * and are left out for a file without any of their columns.
 */
interface ColumnShape {
  label: string;
  fields: readonly ImportField[];
  /** Between the parts of one cell. */
  joiner: string;
  /** Shown only when the file has one of its fields. */
  optional: boolean;
  /** The least room it gets on a wide screen, for text that runs long. */
  width?: ColumnWidth;
}

type ColumnWidth = 'medium' | 'wide';

const NAME_COLUMNS: readonly ColumnShape[] = [
  { label: IMPORT_FIELD_LABELS.name, fields: ['name'], joiner: '', optional: false },
  { label: IMPORT_FIELD_LABELS.surname, fields: ['surname'], joiner: '', optional: false },
];

const OTHER_COLUMNS: readonly ColumnShape[] = [
  { label: IMPORT_FIELD_LABELS.phone, fields: ['phone'], joiner: '', optional: false },
  { label: IMPORT_FIELD_LABELS.email, fields: ['email'], joiner: '', optional: false },
  { label: IMPORT_FIELD_LABELS.website, fields: ['website'], joiner: '', optional: false },
  { label: 'İşletme', fields: ['company', 'title'], joiner: ' · ', optional: true, width: 'medium' },
  {
    label: 'Adres',
    fields: ['address_line', 'district', 'city', 'postal_code'],
    joiner: ', ',
    optional: true,
    width: 'wide',
  },
  { label: IMPORT_FIELD_LABELS.bio, fields: ['bio'], joiner: '', optional: false, width: 'wide' },
  { label: IMPORT_FIELD_LABELS.assignee, fields: ['assignee'], joiner: '', optional: true, width: 'medium' },
];

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
  /** How the value was read differently from the cell. */
  note: string | null;
}

/** One table cell: the parts of one column, the empty ones left out. */
export interface PreviewColumnCell {
  label: string;
  parts: PreviewCell[];
  joiner: string;
  /** The least room it gets on a wide screen (business, address, bio), or null. */
  width: ColumnWidth | null;
  hasError: boolean;
}

export interface PreviewRow {
  row: number;
  slug: string | null;
  /** True when the slug got a `-N`: a namesake in the file or already a customer. */
  renamed: boolean;
  /** Every field, for the list of errors. */
  cells: PreviewCell[];
  /** The table's cells before the profile address (names) and after it. */
  nameColumns: PreviewColumnCell[];
  otherColumns: PreviewColumnCell[];
  errorCount: number;
}

export interface ImportPreviewView {
  /** The column titles after the profile address. */
  otherColumnLabels: string[];
  rows: PreviewRow[];
  total: number;
  errorRows: PreviewRow[];
  encoding: string;
  separator: string;
  ignoredColumns: string[];
}

function columnCells(shapes: readonly ColumnShape[], cells: readonly PreviewCell[]): PreviewColumnCell[] {
  return shapes.map((shape) => {
    const own = cells.filter((cell) => shape.fields.includes(cell.field));
    return {
      label: shape.label,
      parts: own.filter((cell) => cell.value !== '' || cell.error),
      joiner: shape.joiner,
      width: shape.width ?? null,
      hasError: own.some((cell) => cell.error),
    };
  });
}

function previewRow(
  row: PreviewSource['rows'][number],
  slug: string | null,
  otherColumns: readonly ColumnShape[],
): PreviewRow {
  const cells = IMPORT_FIELDS.map((field): PreviewCell => ({
    field,
    label: IMPORT_FIELD_LABELS[field],
    value: row.customer ? (row.customer[field] ?? '') : row.values[field],
    error: row.errors[field] ?? null,
    note: row.notes[field] ?? null,
  }));
  return {
    row: row.row,
    slug,
    renamed: slug !== null && /-\d+$/.test(slug),
    cells,
    nameColumns: columnCells(NAME_COLUMNS, cells),
    otherColumns: columnCells(otherColumns, cells),
    errorCount: cells.filter((c) => c.error).length,
  };
}

/** What views/admin/import.ejs shows of a read file. */
export function importPreviewView(sheet: PreviewSource, slugs: ReadonlyArray<string | null>): ImportPreviewView {
  const otherColumns = OTHER_COLUMNS.filter(
    (shape) => !shape.optional || shape.fields.some((field) => sheet.fields.includes(field)),
  );
  const rows = sheet.rows.map((row, i) => previewRow(row, slugs[i] ?? null, otherColumns));
  return {
    otherColumnLabels: otherColumns.map((shape) => shape.label),
    rows,
    total: rows.length,
    errorRows: rows.filter((row) => row.errorCount > 0),
    encoding: ENCODING_LABELS[sheet.encoding] ?? sheet.encoding,
    separator: SEPARATOR_LABELS[sheet.separator] ?? sheet.separator,
    ignoredColumns: sheet.ignoredColumns,
  };
}
