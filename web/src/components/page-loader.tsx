import { Center, Spinner } from '@chakra-ui/react';

export function PageLoader() {
  return (
    <Center h="100%" minH="40" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.500" />
    </Center>
  );
}
