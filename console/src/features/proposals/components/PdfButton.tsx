import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { notifyError } from '../../../shared/ui/toaster';
import { downloadPdf, type PdfExport } from '../api';

/** A PDF export of the file: busy while the file is built, the snackbar on failure. */
export function PdfButton({
  projectId,
  kind,
  children,
}: {
  projectId: string;
  kind: PdfExport;
  children: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadPdf(projectId, kind);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      loading={busy}
      loadingText={children}
      data-testid={`pdf-${kind}`}
      onClick={() => void run()}
    >
      {children}
    </Button>
  );
}
