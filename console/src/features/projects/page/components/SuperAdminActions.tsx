import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { lazyDialog } from '../../../../shared/ui/lazyPart';
import { notify, notifyError } from '../../../../shared/ui/toaster';
import { deleteProject, refreshProject } from '../../api';
import { useDraft } from './DraftContext';

const DeleteProjectDialog = lazyDialog(
  () => import('./DeleteProjectDialog'),
  (m) => m.DeleteProjectDialog,
  (props) => props.open,
);

/** The super admin's project actions (spec §6): refreshing the project, deleting it for good. */
export function SuperAdminActions() {
  const { draft } = useDraft();
  const projectId = draft.state.base._id;
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'refresh' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const refresh = async () => {
    setBusy('refresh');
    try {
      draft.adopt(await refreshProject(projectId));
      notify('Projet actualisé', { type: 'success' });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await deleteProject(projectId);
      setConfirming(false);
      notify('Projet supprimé définitivement', { type: 'success' });
      navigate('/reloc', { replace: true });
    } catch (error) {
      notifyError(error);
      setBusy(null);
    }
  };

  return (
    <Box
      as="section"
      aria-label="Actions super administrateur"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg"
    >
      <Text fontWeight="semibold" mb="3">
        Actions super administrateur
      </Text>
      <HStack gap="2" flexWrap="wrap">
        <Button
          size="sm"
          variant="outline"
          loading={busy === 'refresh'}
          onClick={() => void refresh()}
        >
          Actualiser le projet
        </Button>
        <Button size="sm" colorPalette="red" onClick={() => setConfirming(true)}>
          Supprimer définitivement
        </Button>
      </HStack>
      <DeleteProjectDialog
        open={confirming}
        deleting={busy === 'delete'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
    </Box>
  );
}
