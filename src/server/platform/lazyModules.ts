import type PDFKitDocument from 'pdfkit';
import type ExcelJS from 'exceljs';

/**
 * The document writers load on first use: pdfkit and exceljs (with their fonts, zip and
 * promise libraries) are some 0.6 s of every process's start otherwise, and most processes
 * never write a PDF or a workbook. Each loads once per process.
 */
type PdfDocumentClass = typeof PDFKitDocument;
type Excel = typeof ExcelJS;

/** A CommonJS module's exports, as import() answers them (under `default`, or as they are). */
const exportsOf = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;

let pdfkit: Promise<PdfDocumentClass> | undefined;
let exceljs: Promise<Excel> | undefined;

/** pdfkit's PDFDocument. */
export function loadPdfDocument(): Promise<PdfDocumentClass> {
  return (pdfkit ??= import('pdfkit').then(exportsOf<PdfDocumentClass>));
}

/** exceljs (its streaming workbook writer). */
export function loadExcel(): Promise<Excel> {
  return (exceljs ??= import('exceljs').then(exportsOf<Excel>));
}
