import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import GridOnIcon from '@mui/icons-material/GridOn';
import TableViewIcon from '@mui/icons-material/TableView';
import { useTranslate } from 'react-admin';
import { useBillingFiles } from './billingQueries.js';
import { useDownload } from './useDownload.js';

/** 'Export CSV' and 'Export Excel': every month's lines, or one invoice's (`invoiceId`); busy while the file comes. */
export function DealerExportButtons({ invoiceId, label, fullWidth = false }: { invoiceId?: number; label: string; fullWidth?: boolean }) {
  const translate = useTranslate();
  const { busy, run } = useDownload();
  const files = useBillingFiles();
  const formats = [
    { format: 'csv' as const, key: 'billing.dealer.page.exportCsv', icon: <TableViewIcon /> },
    { format: 'xlsx' as const, key: 'billing.dealer.page.exportXlsx', icon: <GridOnIcon /> },
  ];
  return (
    <Stack role="group" aria-label={label} direction="row" spacing={1} sx={{ flexWrap: 'wrap', width: fullWidth ? '100%' : undefined }}>
      {formats.map(({ format, key, icon }) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={busy === format ? <CircularProgress size={16} color="inherit" /> : icon}
          disabled={busy !== undefined}
          onClick={() => void run(format, () => files.dealerExport(format, invoiceId), { message: 'billing.dealer.page.exportFailed' })}
          sx={{ whiteSpace: 'nowrap', flex: fullWidth ? 1 : undefined }}
          data-testid={`dealer-export-${format}`}
        >
          {translate(key)}
        </Button>
      ))}
    </Stack>
  );
}
