import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Button, List, Modal, Spin, Typography } from 'antd';
import type { ConnectionStep, ConnectionTest } from '@vitrina/contracts';

const stepNames: Record<ConnectionStep, string> = {
  signIn: 'Inicio de sesión',
  workspaces: 'Áreas de trabajo',
  embedToken: 'Token de embebido',
};

interface Props {
  /** The account under test, or null when closed. */
  description: string | null;
  result: ConnectionTest | undefined;
  running: boolean;
  onClose(): void;
}

/** The answer of "Probar conexión": each step that ran, green or red, with its sentence. */
export function ConnectionTestModal({ description, result, running, onClose }: Props) {
  return (
    <Modal
      title={`Probar conexión: ${description ?? ''}`}
      open={description !== null}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Aceptar
        </Button>
      }
    >
      {running || !result ? (
        <Spin aria-label="Probando la conexión" />
      ) : (
        <>
          <Typography.Paragraph strong>
            {result.ok ? 'La cuenta funciona.' : 'La cuenta no funciona.'}
          </Typography.Paragraph>
          <List
            dataSource={result.steps}
            renderItem={(step) => (
              <List.Item>
                <List.Item.Meta
                  avatar={
                    step.ok ? (
                      <CheckCircleFilled style={{ color: '#389e0d' }} aria-label="Correcto" />
                    ) : (
                      <CloseCircleFilled style={{ color: '#cf1322' }} aria-label="Falló" />
                    )
                  }
                  title={stepNames[step.step]}
                  description={step.message}
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
