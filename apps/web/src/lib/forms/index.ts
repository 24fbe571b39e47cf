export { useZodForm } from './useZodForm';
export { FormAlert } from './FormAlert';
export { onFormFields } from './formFields';
export {
  errorCodeMessage,
  errorMessage,
  issueMessage,
  toFormError,
  type FormError,
} from './messages';
