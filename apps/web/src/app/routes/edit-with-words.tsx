import { EditWithWordsPage } from '../../features/tools/components/edit-with-words-page.tsx';

export function EditWithWordsRoute() {
  return <EditWithWordsPage />;
}
