import { Create } from 'react-admin';
import { NewsForm } from './NewsForm.js';

export function NewsCreate() {
  return (
    <Create redirect="list">
      <NewsForm />
    </Create>
  );
}
