import { Edit } from 'react-admin';
import { NewsForm } from './NewsForm.js';

export function NewsEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <NewsForm />
    </Edit>
  );
}
