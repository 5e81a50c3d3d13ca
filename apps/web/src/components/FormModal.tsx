import { Modal, type ModalProps } from 'antd';

type FormModalProps = Pick<ModalProps, 'title' | 'open' | 'width' | 'onCancel' | 'children'> & {
  saving: boolean;
  /** Grabar: submit the form, whose rules run before its `onFinish`. */
  onSubmit(): void;
};

/**
 * An add/edit form in a modal, with Grabar and Cancelar. Rendered while closed too
 * (`forceRender`), so the form instance is connected before the first open fills it.
 */
export function FormModal({ saving, onSubmit, ...modal }: FormModalProps) {
  return <Modal {...modal} forceRender onOk={onSubmit} okText="Grabar" confirmLoading={saving} />;
}
