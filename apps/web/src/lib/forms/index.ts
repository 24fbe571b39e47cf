export { useZodForm } from './useZodForm';
export { FormAlert } from './FormAlert';
export {
  errorCodeMessage,
  errorMessage,
  issueMessage,
  toFormError,
  type FormError,
} from './messages';
