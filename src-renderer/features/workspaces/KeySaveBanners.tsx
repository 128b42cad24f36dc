// What saving a key can end in, the same in every workspace form: a refusal, or the question
// whether to store a key the system can only obfuscate (Linux without a keyring).
import { Button } from '../../ui/index.ts';

export function KeySaveBanners(props: { problem: string | null; weak: string | null; busy: boolean; onStoreWeak: () => void }) {
  return (
    <>
      {props.problem && (
        <p role="alert" className="banner banner-danger">
          <span>{props.problem}</span>
        </p>
      )}
      {props.weak && (
        <div role="alert" className="banner banner-warning">
          <span>{props.weak}</span>
          <Button onPress={props.onStoreWeak} isDisabled={props.busy}>
            Store the key obfuscated
          </Button>
        </div>
      )}
    </>
  );
}
