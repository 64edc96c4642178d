export default function Home() {
  return <main className="p-8 text-2xl text-primary">财云学院</main>;
}
