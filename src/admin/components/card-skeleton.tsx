import { Container, Heading, Skeleton } from "@medusajs/ui"

/** A side card while its data loads, as Medusa's own cards show theirs. */
export function CardSkeleton({
  heading,
  lines = 2,
  testId,
}: {
  heading?: string
  lines?: number
  testId: string
}) {
  return (
    <Container className="divide-y p-0" data-testid={testId} aria-busy="true">
      <div className="flex items-center justify-between gap-x-2 px-6 py-4">
        {heading ? (
          <Heading level="h2">{heading}</Heading>
        ) : (
          <Skeleton className="h-5 w-[120px]" />
        )}
        <Skeleton className="h-7 w-[96px]" />
      </div>
      <div className="flex flex-col gap-y-3 px-6 py-4">
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className={i % 2 ? "h-4 w-2/3" : "h-4 w-full"} />
        ))}
      </div>
    </Container>
  )
}
