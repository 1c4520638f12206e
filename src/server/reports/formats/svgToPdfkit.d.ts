// The package has no types; its one export is a default function.
declare module 'svg-to-pdfkit' {
  /** Draws SVG markup on a pdfkit document at (x, y). */
  // eslint-disable-next-line no-restricted-syntax
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: { width?: number; height?: number; preserveAspectRatio?: string; assumePt?: boolean },
  ): void;
}
